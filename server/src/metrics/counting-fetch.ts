import type { Metrics } from './metrics.js';

/** The JSON-RPC methods a request body asks for (a batch asks for several); '(unreadable)' when the body is not JSON-RPC. */
function methodsOf(body: unknown): string[] {
  if (typeof body !== 'string') return ['(unreadable)'];
  try {
    const parsed: unknown = JSON.parse(body);
    const calls = Array.isArray(parsed) ? parsed : [parsed];
    return calls.map((call) =>
      typeof (call as { method?: unknown })?.method === 'string' ? (call as { method: string }).method : '(unreadable)',
    );
  } catch {
    return ['(unreadable)'];
  }
}

async function answeredWithError(response: Response): Promise<boolean> {
  if (!response.ok) return true;
  const text = await response.clone().text();
  if (!text.includes('"error"')) return false;
  try {
    const parsed: unknown = JSON.parse(text);
    return (Array.isArray(parsed) ? parsed : [parsed]).some((answer) => (answer as { error?: unknown })?.error != null);
  } catch {
    return true;
  }
}

/** `fetch` to the RPC provider that counts each call and each failure by JSON-RPC method. */
export function countingFetch(inner: typeof fetch, metrics: Pick<Metrics, 'rpcCall'>): typeof fetch {
  return async (input, init) => {
    const methods = methodsOf(init?.body);
    let failed = true;
    try {
      const response = await inner(input, init);
      failed = await answeredWithError(response);
      return response;
    } finally {
      for (const method of methods) metrics.rpcCall(method, failed);
    }
  };
}
