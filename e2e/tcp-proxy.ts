import net from 'node:net';

/**
 * A TCP pass-through to the real API that a test can cut and restore, to play a network outage
 * without touching the API itself.
 */
export async function startTcpProxy(targetUrl: string) {
  const target = new URL(targetUrl);
  const sockets = new Set<net.Socket>();
  let server: net.Server | null = null;
  let port = 0;
  let delayMs = 0;

  const listen = () =>
    new Promise<void>((resolve, reject) => {
      const srv = net.createServer(async (client) => {
        client.pause();
        if (delayMs > 0) await new Promise((r) => setTimeout(r, delayMs));
        if (client.destroyed) return;
        const upstream = net.connect(Number(target.port), target.hostname);
        for (const s of [client, upstream]) {
          sockets.add(s);
          s.on('close', () => sockets.delete(s));
          s.on('error', () => s.destroy());
        }
        client.pipe(upstream).pipe(client);
        client.resume();
        client.on('close', () => upstream.destroy());
        upstream.on('close', () => client.destroy());
      });
      srv.once('error', reject);
      srv.listen(port, '127.0.0.1', () => {
        port = (srv.address() as net.AddressInfo).port;
        server = srv;
        resolve();
      });
    });

  await listen();
  return {
    get url() {
      return `http://127.0.0.1:${port}`;
    },
    /** Refuses new connections and drops open ones (keep-alive included). */
    cut: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        if (!server) return resolve();
        server.close(() => resolve());
        server = null;
      }),
    restore: listen,
    /** Holds each new connection this long before passing it on: a slow network. */
    setDelay: (ms: number) => {
      delayMs = ms;
    },
  };
}
