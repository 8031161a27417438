// Hypermedia links of billing responses: {href, rel, method}, 1..10 per array.

import type { Behaviour } from '../behaviour.js';
import type { Json, JsonObject } from '../http/validator.js';

export interface Link {
  href: string;
  rel: string;
  method: string;
}

export function link(href: string, rel: string, method: 'GET' | 'PATCH' | 'POST'): Link {
  return { href, rel, method };
}

export function renderLinks(links: Link[], behaviour: Behaviour, collectionHref?: string): Json[] {
  const all: Link[] = [...links];
  if (behaviour.variant('link-other-methods') && collectionHref)
    all.push({ href: collectionHref, rel: 'collection', method: 'HEAD' });
  return behaviour
    .rendered('links', all)
    .slice(0, 10)
    .map((item): JsonObject => behaviour.rendered('link', { ...item }));
}
