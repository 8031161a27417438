// The Prefer header: return=minimal (the default) or return=representation.

import { header, type RequestContext } from '../http/context.js';

export function wantsRepresentation(ctx: RequestContext): boolean {
  const value = header(ctx, 'prefer');
  if (!value) return false;
  return value
    .split(/[,;]/)
    .map((part) =>
      part
        .trim()
        .toLowerCase()
        .replace(/\s*=\s*/, '='),
    )
    .includes('return=representation');
}
