import http from 'node:http';
import type { Duplex } from 'node:stream';
import { serve } from '@hono/node-server';

type Fetch = (req: Request, env: unknown) => Response | Promise<Response>;

/** What Node's parser refuses before the app sees the request, answered with the API's error body. */
const refusals: Record<string, [number, string]> = {
  HPE_HEADER_OVERFLOW: [431, 'The request URL or headers are too large'],
  HPE_HEADERS_TIMEOUT: [408, 'The request headers took too long to arrive'],
  ERR_HTTP_REQUEST_TIMEOUT: [408, 'The request took too long to arrive'],
};

/** Answers a request Node's HTTP parser rejected (`clientError`) with `{code, message}` instead of an empty body. */
export function answerClientError(err: NodeJS.ErrnoException, socket: Duplex) {
  // A response already under way on this socket (Node keeps it as `_httpMessage`) cannot be followed by another.
  const answered = (socket as Duplex & { _httpMessage?: unknown })._httpMessage != null;
  if (err.code === 'ECONNRESET' || !socket.writable || answered) {
    socket.destroy();
    return;
  }
  const [status, message] = refusals[err.code ?? ''] ?? [400, 'Malformed HTTP request'];
  const body = JSON.stringify({ code: status, message });
  socket.end(
    `HTTP/1.1 ${status} ${http.STATUS_CODES[status]}\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
  );
}

/** Serves `fetch` on Node's HTTP server, with the parser's refusals answered in the API's error shape. */
export function serveApi(fetch: Fetch, opts: { port: number; hostname: string }): http.Server {
  const server = serve({ fetch, port: opts.port, hostname: opts.hostname }) as http.Server;
  server.on('clientError', answerClientError);
  return server;
}
