import type { ServerCheckResult } from '../../shared/bridge.js';
import { checkHealth } from './health-check.js';
import { parseServerUrl } from './server-url-rule.js';

/** What the setup screen's Check & Save does before anything is saved. */
export async function checkServerUrl(input: string, timeoutMs?: number): Promise<ServerCheckResult> {
  const parsed = parseServerUrl(input);
  if (!parsed.ok) return parsed;
  return checkHealth(parsed.origin, timeoutMs);
}
