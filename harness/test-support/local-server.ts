import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

// A throwaway HTTP server on 127.0.0.1 for tests of the client and of hostile targets.

export interface LocalServer {
  url: string;
  server: Server;
  /** Requests seen, with their headers, in arrival order. */
  seen: Array<{ method: string; url: string; headers: IncomingMessage['headers'] }>;
  close(): Promise<void>;
}

export async function startLocalServer(
  handler: (req: IncomingMessage, res: ServerResponse) => void,
): Promise<LocalServer> {
  const seen: LocalServer['seen'] = [];
  const server = createServer((req, res) => {
    seen.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers });
    handler(req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    server,
    seen,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
