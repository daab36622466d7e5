import { useQuery } from '@tanstack/react-query';
import type { PublicSettings } from '@stakedesk/shared/api-types';
import { transferFeeTerms, type TransferFeeTerms } from '@stakedesk/shared/transfer-fee-terms';
import { api } from '../../lib/api-client.js';

export const settingsKeys = { all: ['settings'] as const };

export const settingsQuery = { queryKey: settingsKeys.all, queryFn: () => api<PublicSettings>('/api/settings') };

export const useSettings = () => useQuery(settingsQuery);

/**
 * The token's transfer fee as screens state it, or null when only network fees apply (shared
 * transfer-fee-terms.ts); undefined until the settings are known, when a screen says neither.
 */
export function feeTermsOf(settings: PublicSettings | undefined): TransferFeeTerms | null | undefined {
  if (!settings) return undefined;
  return settings.tokenDecimals === null ? null : transferFeeTerms(settings.transferFee, settings.tokenDecimals);
}
