import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

type Call = { jsonrpc: '2.0'; id: unknown; method: string; params?: unknown[] };
type Answer = { jsonrpc: '2.0'; id: unknown; result?: unknown; error?: unknown };

/**
 * A JSON-RPC provider in front of the test chain that lies, as a dishonest or broken one can (the
 * external party of DESIGN 15's attack; the server under test is untouched). While `hideSent`,
 * every transaction sent through it lands on the real chain but is hidden from then on: no status,
 * absent from every address's history, getTransaction null. `heightAhead` is added to every block
 * height it answers, so a blockhash that lives looks dead. Everything else is the chain's answer.
 */
export type LyingRpc = {
  url: string;
  hideSent: boolean;
  heightAhead: number;
  /** The signatures it hides (every one sent through it while hideSent). */
  readonly hidden: Set<string>;
  close(): Promise<void>;
};

async function forward(upstream: string, call: Call): Promise<Answer> {
  const response = await fetch(upstream, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(call) });
  return (await response.json()) as Answer;
}

export async function startLyingRpc(upstream: string): Promise<LyingRpc> {
  const hidden = new Set<string>();
  const rpc = { hideSent: false, heightAhead: 0 };

  async function lie(call: Call): Promise<Answer> {
    const params = call.params ?? [];
    if (call.method === 'getTransaction' && hidden.has(String(params[0]))) return { jsonrpc: '2.0', id: call.id, result: null };
    const answer = await forward(upstream, call);
    if (answer.error !== undefined) return answer;
    switch (call.method) {
      case 'sendTransaction':
        if (rpc.hideSent) hidden.add(String(answer.result));
        return answer;
      case 'getBlockHeight':
        return { ...answer, result: Number(answer.result) + rpc.heightAhead };
      case 'getSignatureStatuses': {
        const result = answer.result as { context: unknown; value: unknown[] };
        const signatures = params[0] as string[];
        return { ...answer, result: { ...result, value: result.value.map((state, i) => (hidden.has(signatures[i]!) ? null : state)) } };
      }
      case 'getSignaturesForAddress':
        return { ...answer, result: (answer.result as { signature: string }[]).filter((entry) => !hidden.has(entry.signature)) };
      default:
        return answer;
    }
  }

  const server: Server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const payload = JSON.parse(Buffer.concat(chunks).toString('utf8')) as Call | Call[];
    let answer: Answer | Answer[];
    if (!Array.isArray(payload)) answer = await lie(payload);
    else {
      answer = [];
      for (const call of payload) answer.push(await lie(call)); // in order: a batch may send, then ask
    }
    res.setHeader('content-type', 'application/json');
    res.end(JSON.stringify(answer));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return Object.assign(rpc, {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    hidden,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  });
}
