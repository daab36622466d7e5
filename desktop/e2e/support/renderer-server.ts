import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { rendererFiles } from '../../src/main/app-protocol/renderer-files.js';

export type RendererServer = { origin: string; close(): Promise<void> };

/**
 * out/renderer over plain HTTP, answered by the same code as the app:// protocol handler
 * (files, traversal refusal and CSP header), since Electron itself cannot run here.
 */
export async function startRendererServer(root: string, csp: () => string): Promise<RendererServer> {
  const files = rendererFiles(root, csp);
  const server = createServer((request, response) => {
    const { pathname } = new URL(request.url ?? '/', 'http://renderer');
    void files(pathname).then(async (answer) => {
      response.writeHead(answer.status, Object.fromEntries(answer.headers));
      response.end(Buffer.from(await answer.arrayBuffer()));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
