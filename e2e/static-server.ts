import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';

const types: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.json': 'application/json',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.map': 'application/json',
  '.txt': 'text/plain; charset=utf-8',
  '.webmanifest': 'application/manifest+json',
};

/**
 * Serves the production build like a static host would: files from `root` (their precompressed `.gz`
 * when the browser accepts gzip), `index.html` for any other path (client-side routes), and
 * `/config.json` pointing the app at `apiBaseUrl`.
 */
export function startStaticServer(root: string, apiBaseUrl: string): Promise<{ url: string; close: () => Promise<void> }> {
  const rootDir = path.resolve(root);
  const server = http.createServer((req, res) => {
    const pathname = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname);
    if (pathname === '/config.json') {
      res.writeHead(200, { 'Content-Type': 'application/json', 'Cache-Control': 'no-store' });
      res.end(JSON.stringify({ apiBaseUrl }));
      return;
    }
    const file = path.join(rootDir, pathname);
    const inside = file.startsWith(rootDir + path.sep);
    const target = inside && fs.existsSync(file) && fs.statSync(file).isFile() ? file : path.join(rootDir, 'index.html');
    const headers: Record<string, string> = { 'Content-Type': types[path.extname(target)] ?? 'application/octet-stream' };
    // The build's precompressed twin, when the browser takes gzip (what nginx's gzip_static does).
    const gz = `${target}.gz`;
    const served = /\bgzip\b/.test(String(req.headers['accept-encoding'] ?? '')) && fs.existsSync(gz) ? gz : target;
    if (served === gz) Object.assign(headers, { 'Content-Encoding': 'gzip', Vary: 'Accept-Encoding' });
    res.writeHead(200, headers);
    fs.createReadStream(served).pipe(res);
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      resolve({ url: `http://127.0.0.1:${port}`, close: () => new Promise((r) => server.close(() => r())) });
    });
  });
}
