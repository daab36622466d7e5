import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A JSON-RPC endpoint in front of the test chain that behaves like a load-balanced provider right
 * after confirmation: for a signature it was told to hide, getTransaction answers null the first
 * `times` calls (the node asked has not seen it yet), then the truth.
 */
export type LaggingRpc = { url: string; hide(signature: string, times: number): void; close(): Promise<void> };

export async function startLaggingRpc(upstream: string): Promise<LaggingRpc> {
  const hidden = new Map<string, number>();
  const server: Server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const call = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { id: unknown; method: string; params: unknown[] };
    const signature = call.method === 'getTransaction' ? String(call.params[0]) : '';
    const left = hidden.get(signature) ?? 0;
    res.setHeader('content-type', 'application/json');
    if (left > 0) {
      hidden.set(signature, left - 1);
      res.end(JSON.stringify({ jsonrpc: '2.0', id: call.id, result: null }));
      return;
    }
    const answer = await fetch(upstream, { method: 'POST', headers: { 'content-type': 'application/json' }, body: Buffer.concat(chunks) });
    res.end(await answer.text());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    hide: (signature, times) => void hidden.set(signature, times),
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
