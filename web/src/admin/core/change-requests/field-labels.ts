import type { ChangedField } from '@stakedesk/shared/change-requests';
import type { AdminMessageKey } from '../../../i18n/admin-en.js';

/**
 * The name of each value a change request changes. A field's own label is the shared catalogue's;
 * the RPC provider's URL and key, the delay, the threshold and the owner keep shorter names here.
 */
export const REQUEST_FIELD_LABELS: Readonly<Record<ChangedField, AdminMessageKey>> = {
  stakingWallet: 'server.fieldStakingWallet',
  tokenContract: 'server.fieldTokenContract',
  heliusRpcUrl: 'requests.field.heliusRpcUrl',
  heliusApiKey: 'requests.field.heliusApiKey',
  holderRpcUrl: 'server.fieldHolderRpcUrl',
  autoPayout: 'server.fieldAutoPayout',
  walletChangeDelayHours: 'requests.field.walletChangeDelayHours',
  approvalThreshold: 'requests.field.approvalThreshold',
  role: 'server.fieldRole',
  webhook: 'server.fieldWebhook',
  admin: 'requests.field.admin',
};
