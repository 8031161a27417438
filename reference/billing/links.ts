// Hypermedia links of billing responses: {href, rel, method}, 1..10 per array (written by
// render.ts's renderLinks).

export interface Link {
  href: string;
  rel: string;
  method: string;
}

export function link(href: string, rel: string, method: 'GET' | 'PATCH' | 'POST'): Link {
  return { href, rel, method };
}
