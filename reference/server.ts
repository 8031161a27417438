// Starts the reference implementation of both APIs on 127.0.0.1.

import { createServer, type Server } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { FIXTURES } from './fixtures.js';
import { createRequestHandler } from './http/app.js';
import { referenceProfile, type ReferenceProfile } from './profile.js';
import { ROUTES } from './routes.js';
import { createState } from './state.js';
import { ReferenceOptionError, switchedOn } from './switched-on.js';

export { ReferenceOptionError };

export interface ReferenceOptions {
  /** 0 (the default) picks a free port. */
  port?: number;
  /** Names from SWITCHABLE_FAULTS (faults/index.ts). */
  faults?: string[];
  /** Names from VARIANTS (variants.ts). */
  variants?: string[];
  /** Delay added before every answer, for benchmarks. */
  latencyMs?: number;
  /** The clock (idempotency retention, timestamps). */
  now?: () => Date;
  /** Every n-th request to either API is answered 429 without Retry-After (the checker's rate-limit test). */
  rateLimitEvery?: number;
}

export interface RunningReference {
  baseUrl: string;
  profile: ReferenceProfile;
  close(): Promise<void>;
}

const BAD_REQUEST_BODY = JSON.stringify({
  name: 'INVALID_REQUEST',
  message: 'The HTTP request is malformed.',
  details: [],
});

function answerClientError(error: NodeJS.ErrnoException, socket: Socket): void {
  if (!socket.writable || error.code === 'ECONNRESET') {
    socket.destroy();
    return;
  }
  const status = error.code === 'HPE_HEADER_OVERFLOW' ? '431 Request Header Fields Too Large' : '400 Bad Request';
  socket.end(
    `HTTP/1.1 ${status}\r\nConnection: close\r\nContent-Type: ` +
      `application/json\r\nContent-Length: ${Buffer.byteLength(BAD_REQUEST_BODY)}\r\n\r\n${BAD_REQUEST_BODY}`,
  );
}

function listen(server: Server, port: number): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => {
      server.off('error', reject);
      resolve((server.address() as AddressInfo).port);
    });
  });
}

/** Throws ReferenceOptionError for an unknown fault or variant name. */
export async function startReference(options: ReferenceOptions = {}): Promise<RunningReference> {
  const behaviour = switchedOn(options.faults ?? [], options.variants ?? []);
  let baseUrl = '';
  const handler = createRequestHandler({
    routes: ROUTES,
    behaviour,
    state: createState(behaviour),
    now: options.now ?? (() => new Date()),
    latencyMs: options.latencyMs ?? 0,
    billingToken: FIXTURES.billingToken,
    baseUrl: () => baseUrl,
    ...(options.rateLimitEvery !== undefined ? { rateLimitEvery: options.rateLimitEvery } : {}),
  });
  // Idle sockets stay open far longer than the checker keeps them (4 s), so the client always
  // closes first: with 5 s, a stalled event loop fired the idle timer before reading a request
  // already waiting on a reused socket, and the checker saw a reset.
  const server = createServer({ keepAliveTimeout: 65_000, headersTimeout: 66_000 }, handler);
  server.on('clientError', answerClientError);
  const port = await listen(server, options.port ?? 0);
  baseUrl = `http://127.0.0.1:${port}`;
  let closing: Promise<void> | undefined;
  return {
    baseUrl,
    profile: referenceProfile(baseUrl),
    close() {
      closing ??= new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeIdleConnections();
        setImmediate(() => server.closeAllConnections());
      });
      return closing;
    },
  };
}
