import { useQuery } from '@tanstack/react-query';
import { apiResponse } from '../../lib/api-client.js';
import { adminKeys } from '../core/queries/query-keys.js';
import { ownServerUrl } from '../core/api/own-server.js';
import { usePlatform } from '../platform.js';

/** What the preview reads of an Action: the Solana Actions spec's ActionGetResponse (DESIGN 18). */
export type StakeAction = {
  icon: string;
  title: string;
  description: string;
  label: string;
  disabled?: boolean;
  error?: { message: string };
  links?: { actions: Array<{ label: string; href: string; parameters?: Array<{ name: string; label?: string; min?: number }> }> };
};

/** The site's origin: where the blinks point (the panel's own server). */
export function useSiteOrigin(): string {
  return new URL(ownServerUrl(usePlatform().serverUrl, '/')).origin;
}

/**
 * GET /api/actions/stake as a blink client asks for it: no token, in `language`. Kept under the
 * plans' key, so a plan changed anywhere refreshes the preview with the plans.
 */
export function useStakeAction(language: string) {
  const { serverUrl } = usePlatform();
  return useQuery({
    queryKey: [...adminKeys.plans, 'stake-action', language],
    queryFn: async () =>
      (
        await apiResponse<StakeAction>(ownServerUrl(serverUrl, '/api/actions/stake'), {
          headers: { 'accept-language': language },
          credentials: 'omit',
        })
      ).body,
    staleTime: 0,
  });
}
