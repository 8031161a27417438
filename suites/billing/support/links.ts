// Hypermedia links of billing responses: objects with href, rel and method.

export interface Link {
  href: string;
  rel: string;
  method?: string;
}

export function linksOf(body: unknown): Link[] {
  const links = (body as { links?: unknown } | null)?.links;
  return Array.isArray(links)
    ? ((links as unknown[]).filter((l) => typeof (l as { href?: unknown } | null)?.href === 'string') as Link[])
    : [];
}

export function linkHref(body: unknown, rel: string): string | undefined {
  return linksOf(body).find((link) => link.rel === rel)?.href;
}

/**
 * Whether `href` (absolute, or relative to `baseUrl`) points at `host`: the profile's approval.host,
 * a host name (any port) or host:port (that port). Host names compare in any letter case.
 */
export function pointsAtHost(href: string, host: string, baseUrl: string): boolean {
  let url: URL;
  let wanted: URL;
  try {
    url = new URL(href, baseUrl);
    // written as a URL of the link's scheme, so that case, IPv6 brackets and default ports read alike
    wanted = new URL(`${url.protocol}//${host}`);
  } catch {
    return false;
  }
  return /:\d+$/.test(host) ? url.host === wanted.host : url.hostname === wanted.hostname;
}

/** The hrefs of every link with rel approve in an answer's links. */
export function approveHrefs(body: unknown): string[] {
  return linksOf(body)
    .filter((link) => link.rel === 'approve')
    .map((link) => link.href);
}
