import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { extname, join, normalize } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'vite';

const TYPES: Record<string, string> = { '.html': 'text/html', '.js': 'text/javascript' };

/**
 * The blink client page (web/e2e/blink-client) built by Vite and served from an origin of its own on
 * this machine, as X or a chat app serves its own: the Action is reached across origins, so its CORS
 * headers are what let it be read.
 */
export async function startBlinkClient(): Promise<{ url: string; close(): Promise<void> }> {
  const outDir = await mkdtemp(join(tmpdir(), 'blink-client-'));
  await build({
    root: fileURLToPath(new URL('../blink-client/', import.meta.url)),
    configFile: false,
    logLevel: 'warn',
    base: './',
    build: { outDir, emptyOutDir: true },
  });
  const server = createServer((req, res) => {
    const path = normalize(new URL(req.url ?? '/', 'http://client').pathname).replace(/^\/+/, '') || 'index.html';
    readFile(join(outDir, path)).then(
      (body) => res.writeHead(200, { 'content-type': TYPES[extname(path)] ?? 'application/octet-stream' }).end(body),
      () => res.writeHead(404).end(),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/`,
    async close() {
      await new Promise((resolve) => server.close(resolve));
      await rm(outDir, { recursive: true, force: true });
    },
  };
}
