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
