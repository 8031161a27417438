// The error model of the reference: one class thrown by handlers, one body shape on the wire.

export interface ErrorDetail {
  field: string;
  issue: string;
  description: string;
}

/**
 * Which family an error belongs to, so that variants can re-map a whole family
 * (for example every validation error to 422) without touching the handlers.
 */
export type ErrorFamily =
  | 'validation'
  | 'auth'
  | 'unknown-id'
  | 'unknown-path'
  | 'not-found'
  | 'conflict'
  | 'state'
  | 'method'
  | 'media-type'
  | 'too-large'
  | 'uri-too-long'
  | 'server';

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly errorName: string,
    message: string,
    readonly family: ErrorFamily,
    readonly details: ErrorDetail[] = [],
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }
}

export function validationError(details: ErrorDetail[]): ApiError {
  return new ApiError(
    400,
    'VALIDATION_ERROR',
    'The request is not well-formed, is syntactically incorrect, or violates a stated rule.',
    'validation',
    details,
  );
}

export function invalidRequest(field: string, issue: string, description: string): ApiError {
  return new ApiError(400, 'INVALID_REQUEST', description, 'validation', [{ field, issue, description }]);
}

export function notAuthorized(description: string): ApiError {
  return new ApiError(401, 'NOT_AUTHORIZED', 'Authentication failed due to missing or invalid credentials.', 'auth', [
    { field: 'Authorization', issue: 'INVALID_CREDENTIALS', description },
  ]);
}

/** A valid credential without the permission the operation needs. */
export function forbidden(description: string): ApiError {
  return new ApiError(403, 'PERMISSION_DENIED', 'The credential lacks the permission this operation needs.', 'auth', [
    { field: 'Authorization', issue: 'PERMISSION_DENIED', description },
  ]);
}

/** An id in the path that names nothing. */
export function unknownId(field: string, description: string): ApiError {
  return new ApiError(404, 'RESOURCE_NOT_FOUND', 'The specified resource does not exist.', 'unknown-id', [
    { field, issue: 'INVALID_RESOURCE_ID', description },
  ]);
}

export function unknownPath(path: string): ApiError {
  return new ApiError(404, 'RESOURCE_NOT_FOUND', 'No operation is served at this path.', 'unknown-path', [
    { field: 'path', issue: 'UNKNOWN_PATH', description: `Nothing is served at ${path}.` },
  ]);
}

export function unprocessable(field: string, issue: string, description: string): ApiError {
  return new ApiError(422, 'UNPROCESSABLE_ENTITY', description, 'state', [{ field, issue, description }]);
}

export function methodNotAllowed(method: string, allowed: string[]): ApiError {
  const description = `${method} is not allowed here; allowed: ${allowed.join(', ')}.`;
  return new ApiError(
    405,
    'METHOD_NOT_SUPPORTED',
    description,
    'method',
    [{ field: 'method', issue: 'METHOD_NOT_SUPPORTED', description }],
    {
      allow: allowed.join(', '),
    },
  );
}

export function unsupportedMediaType(contentType: string): ApiError {
  const description = `Content-Type must be application/json, got ${contentType || 'none'}.`;
  return new ApiError(415, 'UNSUPPORTED_MEDIA_TYPE', description, 'media-type', [
    { field: 'Content-Type', issue: 'UNSUPPORTED_MEDIA_TYPE', description },
  ]);
}

export function payloadTooLarge(limit: number): ApiError {
  const description = `The body is larger than ${limit} bytes.`;
  return new ApiError(413, 'PAYLOAD_TOO_LARGE', description, 'too-large', [
    { field: 'body', issue: 'PAYLOAD_TOO_LARGE', description },
  ]);
}

/** A request URL over `limit` characters, under the variant url-limit-2000. */
export function uriTooLong(limit: number): ApiError {
  const description = `The request URL is longer than ${limit} characters.`;
  return new ApiError(414, 'URI_TOO_LONG', description, 'uri-too-long', [
    { field: 'url', issue: 'URI_TOO_LONG', description },
  ]);
}

/** A 404 the assignee spec states itself (unknown repository or issue, a user that cannot be assigned). */
export function notFound(field: string, description: string): ApiError {
  return new ApiError(404, 'RESOURCE_NOT_FOUND', 'The specified resource does not exist.', 'not-found', [
    { field, issue: 'RESOURCE_NOT_FOUND', description },
  ]);
}

/** A repeated idempotency key, under the variant that refuses repeats instead of replaying them. */
export function duplicateRequest(key: string): ApiError {
  const description = `Platform-Request-Id ${key} was already used; nothing was created.`;
  return new ApiError(409, 'DUPLICATE_REQUEST', description, 'conflict', [
    { field: 'Platform-Request-Id', issue: 'DUPLICATE_REQUEST_ID', description },
  ]);
}
