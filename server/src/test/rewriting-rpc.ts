import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A JSON-RPC endpoint in front of the test chain that hands each answer to `rewrite` before
 * passing it on: a provider that lies about what the chain holds, for the server to catch.
 */
export type RewritingRpc = { url: string; close(): Promise<void> };

export async function startRewritingRpc(
  upstream: string,
  rewrite: (method: string, params: unknown[], result: unknown) => unknown,
): Promise<RewritingRpc> {
  const server: Server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const call = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { method: string; params?: unknown[] };
    const answer = await fetch(upstream, { method: 'POST', headers: { 'content-type': 'application/json' }, body: Buffer.concat(chunks) });
    const body = (await answer.json()) as { result?: unknown };
    if ('result' in body) body.result = rewrite(call.method, call.params ?? [], body.result);
    res.setHeader('content-type', 'application/json');
    res.end(JSON.stringify(body));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
