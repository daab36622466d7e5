import type { ServerCheckResult } from '../../shared/bridge.js';

const HEALTH_TIMEOUT_MS = 5_000;

/** Whether `origin` is a Stakedesk server that is up: GET /api/health answers {"status":"ok"}. */
export async function checkHealth(origin: string, timeoutMs = HEALTH_TIMEOUT_MS): Promise<ServerCheckResult> {
  let response: Response;
  try {
    response = await fetch(`${origin}/api/health`, { redirect: 'error', signal: AbortSignal.timeout(timeoutMs) });
  } catch (error) {
    return { ok: false, reason: error instanceof Error && error.name === 'TimeoutError' ? 'timeout' : 'unreachable' };
  }
  const body = (await response.json().catch(() => null)) as { status?: unknown } | null;
  if (response.ok && body?.status === 'ok') return { ok: true, serverUrl: origin };
  // A Stakedesk server whose database is down answers 503 with a status of its own.
  if (response.status === 503 && typeof body?.status === 'string') return { ok: false, reason: 'unhealthy' };
  return { ok: false, reason: 'not-stakedesk' };
}
