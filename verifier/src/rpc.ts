/** One JSON-RPC call to a Solana endpoint over fetch: no client library, so the verifier stays one small file. */

/** The endpoint could not be asked or answered with something that is not an answer: the check cannot run. */
export class RpcUnreadable extends Error {}

const TIMEOUT_MS = 30_000;

export async function rpcCall(url: string, method: string, params: unknown[]): Promise<unknown> {
  let response: Response;
  try {
    response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
  } catch (error) {
    const cause = (error as { cause?: { message?: string } }).cause?.message;
    throw new RpcUnreadable(cause ?? (error as Error).message);
  }
  if (!response.ok) throw new RpcUnreadable(`HTTP ${response.status}`);
  const answer = (await response.json().catch(() => undefined)) as { result?: unknown; error?: { message?: unknown } } | undefined;
  if (typeof answer !== 'object' || answer === null) throw new RpcUnreadable('the answer is not JSON-RPC');
  if (answer.error) throw new RpcUnreadable(`${method}: ${String(answer.error.message)}`);
  if (!('result' in answer)) throw new RpcUnreadable('the answer is not JSON-RPC');
  return answer.result;
}
