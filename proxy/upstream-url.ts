// The upstream URL of a request target: the upstream's origin, its path, then the target. Built
// by writing the origin first, so no target ("//other-host/x", "http://x/", "@x") can name
// another host: the client's Authorization header goes to the upstream and to no one else.

export function upstreamUrl(upstream: URL, target: string): URL {
  const base = upstream.pathname.replace(/\/$/, '');
  const url = new URL(`${upstream.origin}${base}${target.startsWith('/') ? target : `/${target}`}`);
  if (url.origin !== upstream.origin)
    throw new Error(
      `the request target ${JSON.stringify(target.slice(0, 200))} does not stay on the upstream ${upstream.origin}`,
    );
  return url;
}
