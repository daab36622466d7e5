/**
 * Plain JSON-RPC to a Solana endpoint over a `fetch` the caller hands in: the browser's and Node's
 * both fit, and no chain library comes along (the standalone verifier stays one small file).
 */

/** One call: the method's `result`, or a throw of ChainUnreadable. */
export type JsonRpc = (method: string, params: unknown[]) => Promise<unknown>;

/** The endpoint could not be asked, or answered with something that is not an answer: the check cannot run. */
export class ChainUnreadable extends Error {
  override name = 'ChainUnreadable';
}

/** What this needs of `fetch`: the browser's and Node's global one both are one. */
export type FetchLike = (
  url: string,
  init: { method: 'POST'; headers: Record<string, string>; body: string; signal?: AbortSignal },
) => Promise<{ ok: boolean; status: number; json(): Promise<unknown> }>;

const TIMEOUT_MS = 30_000;

/** A JsonRpc on the endpoint at `url` (the holder's own, never the operator's /api/rpc). */
export function jsonRpcAt(url: string, fetch: FetchLike, { timeoutMs = TIMEOUT_MS } = {}): JsonRpc {
  let id = 0;
  return async (method, params) => {
    let response: Awaited<ReturnType<FetchLike>>;
    try {
      response = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ jsonrpc: '2.0', id: ++id, method, params }),
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (error) {
      const cause = (error as { cause?: { message?: string } }).cause?.message;
      throw new ChainUnreadable(cause ?? (error as Error).message);
    }
    if (!response.ok) throw new ChainUnreadable(`HTTP ${response.status}`);
    const answer = (await response.json().catch(() => undefined)) as { result?: unknown; error?: { message?: unknown } } | undefined;
    if (typeof answer !== 'object' || answer === null) throw new ChainUnreadable('the answer is not JSON-RPC');
    if (answer.error) throw new ChainUnreadable(`${method}: ${String(answer.error.message)}`);
    if (!('result' in answer)) throw new ChainUnreadable('the answer is not JSON-RPC');
    return answer.result;
  };
}
