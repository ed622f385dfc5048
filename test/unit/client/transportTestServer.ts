// A bare node:http server for transport tests only (timeouts, size limits, compression, redirects, sockets);
// it never imitates the service: service behaviour is tested against the sandbox.
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface TransportTestServer {
  readonly url: string;
  readonly port: number;
  /** Connections accepted so far. */
  connections(): number;
  /** The last request's headers. */
  lastHeaders(): http.IncomingHttpHeaders | undefined;
  close(): Promise<void>;
}

/** Starts a loopback server answering every request with `handler`. */
export async function startTransportTestServer(
  handler: (request: http.IncomingMessage, response: http.ServerResponse, body: Buffer) => void,
): Promise<TransportTestServer> {
  let connections = 0;
  let lastHeaders: http.IncomingHttpHeaders | undefined;
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      lastHeaders = request.headers;
      handler(request, response, Buffer.concat(chunks));
    });
  });
  server.on('connection', () => {
    connections += 1;
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    connections: () => connections,
    lastHeaders: () => lastHeaders,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A loopback port with nothing listening on it (bound, then released). */
export async function closedPort(): Promise<number> {
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}
