/**
 * A JSON-RPC endpoint in front of the test chain that counts every call the server makes, by
 * method (a batch counts each call in it): the server's RPC cost measured where it leaves, not
 * inside the server.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

export type RpcCounter = {
  url: string;
  /** Calls so far, by method. */
  counts(): Map<string, number>;
  /** All calls so far. */
  total(): number;
  close(): Promise<void>;
};

export async function startRpcCounter(upstream: string): Promise<RpcCounter> {
  const counts = new Map<string, number>();
  const server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks);
    try {
      const parsed = JSON.parse(body.toString('utf8')) as { method?: string } | { method?: string }[];
      for (const call of Array.isArray(parsed) ? parsed : [parsed]) {
        const method = call.method ?? '?';
        counts.set(method, (counts.get(method) ?? 0) + 1);
      }
    } catch {
      counts.set('?', (counts.get('?') ?? 0) + 1);
    }
    const answer = await fetch(upstream, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
    res.writeHead(answer.status, { 'content-type': 'application/json' });
    res.end(await answer.text());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    counts: () => new Map(counts),
    total: () => [...counts.values()].reduce((sum, n) => sum + n, 0),
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
