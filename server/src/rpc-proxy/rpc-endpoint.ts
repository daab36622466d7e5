import type { Sequelize } from 'sequelize';
import { type Settings, loadSettings } from '../settings/index.js';

/**
 * The upstream Solana JSON-RPC: the provider URL from settings (with its API key added as
 * Helius expects, `?api-key=`), else SOLANA_RPC_URL, else public mainnet. Server-side only:
 * the key never reaches a browser.
 */
export function upstreamRpcUrl(settings: Pick<Settings, 'heliusRpcUrl' | 'heliusApiKey'>, fallbackUrl: string): string {
  if (!settings.heliusRpcUrl) return fallbackUrl;
  const url = new URL(settings.heliusRpcUrl);
  if (settings.heliusApiKey && !url.searchParams.has('api-key')) url.searchParams.set('api-key', settings.heliusApiKey);
  return url.toString();
}

/** The upstream as it is now, re-read from settings at every call (a provider changed in settings applies at once). */
export const currentUpstreamRpcUrl = (db: Sequelize, fallbackUrl: string) => async (): Promise<string> =>
  upstreamRpcUrl(await loadSettings(db), fallbackUrl);
