import { msg, type CodedMessage } from '@stakedesk/shared/i18n/catalogue';
import { checkPublicHost, systemResolve, type ResolveHost } from '../chain/public-host.js';
import { createUpstreamFetch } from '../chain/upstream-fetch.js';

/**
 * Webhook URLs follow the RPC provider URL's rule (DESIGN 13): https to a public address, checked
 * when saved and again on every connection (DNS may answer otherwise later), no redirects.
 * ALLOW_PRIVATE_RPC lifts both, for receivers on the operator's own network and for tests.
 */
export type WebhookAddress = {
  fetch: typeof fetch;
  refuse(url: string): Promise<CodedMessage | undefined>;
};

export function webhookAddress(allowPrivate: boolean, resolve: ResolveHost = systemResolve): WebhookAddress {
  return {
    // No URL is trusted as SOLANA_RPC_URL is: every one is checked unless private ones are allowed.
    fetch: createUpstreamFetch({ trustedUrl: '', allowPrivate, resolve }),
    async refuse(url) {
      if (allowPrivate) return undefined;
      const parsed = new URL(url);
      if (parsed.protocol !== 'https:') return msg('webhookUrlNotHttps');
      const verdict = await checkPublicHost(parsed.hostname, resolve);
      if (verdict.ok) return undefined;
      return verdict.reason === 'unresolvable' ? msg('webhookUrlUnresolvable') : msg('webhookUrlNotPublic');
    },
  };
}
