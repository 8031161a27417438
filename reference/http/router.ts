// Matching a method and path to an operation; unknown paths are 404, known paths with another method 405.

import { methodNotAllowed, unknownPath, type ApiError } from './errors.js';
import type { RequestContext } from './context.js';
import type { Reply } from './answer.js';

export type Handler = (ctx: RequestContext) => Reply;

/** required: a JSON body must be sent; optional: may be empty; ignored: read, never looked at. */
export type BodyRule = 'required' | 'optional' | 'ignored';

/** billing: the bearer credential of the billing API; open: the handler decides (assignees, approval link). */
export type AuthRule = 'billing' | 'open';

export interface Route {
  /**
   * The spec's name of the operation ("create plan"), as the faults that change answers name it; none
   * for the approval page.
   */
  operation?: string;
  method: string;
  /** Segments separated by '/', a ':name' segment captures one decoded segment. */
  pattern: string;
  auth: AuthRule;
  body: BodyRule;
  handle: Handler;
}

export interface Match {
  route: Route;
  params: Record<string, string>;
}

function matchPattern(pattern: string, segments: string[]): Record<string, string> | undefined {
  const parts = pattern.split('/');
  if (parts.length !== segments.length) return undefined;
  const params: Record<string, string> = {};
  for (let i = 0; i < parts.length; i++) {
    const part = parts[i];
    if (part.startsWith(':')) {
      if (segments[i] === '') return undefined;
      params[part.slice(1)] = segments[i];
    } else if (part !== segments[i]) {
      return undefined;
    }
  }
  return params;
}

function decodeSegments(path: string): string[] | undefined {
  try {
    return path.split('/').map((segment) => decodeURIComponent(segment));
  } catch {
    return undefined;
  }
}

export function matchRoute(routes: readonly Route[], method: string, path: string): Match | ApiError {
  const segments = decodeSegments(path);
  if (!segments) return unknownPath(path);
  const allowed: string[] = [];
  for (const route of routes) {
    const params = matchPattern(route.pattern, segments);
    if (!params) continue;
    if (route.method === method) return { route, params };
    allowed.push(route.method);
  }
  return allowed.length > 0 ? methodNotAllowed(method, allowed) : unknownPath(path);
}
