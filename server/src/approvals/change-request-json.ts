import type { ChangeRequest as ChangeRequestJson, SecurityChange } from '@stakedesk/shared/api-types';
import type { ChangedField, FieldChange } from '@stakedesk/shared/change-requests';
import { maskRpcUrl, maskSecret } from '../url-secrets.js';
import type { ChangeRequest } from './change-request.model.js';

/** The provider's key and URL (which may carry a key) are shown masked, as the settings show them. */
function shownChange(change: FieldChange): FieldChange {
  if (change.field === 'heliusApiKey') return { ...change, from: maskSecret(change.from), to: maskSecret(change.to) };
  if (change.field === 'heliusRpcUrl') return { ...change, from: maskRpcUrl(change.from), to: maskRpcUrl(change.to) };
  return change;
}

export function toChangeRequestJson(row: ChangeRequest): ChangeRequestJson {
  const iso = (date: Date | null) => date?.toISOString() ?? null;
  return {
    id: row.id,
    kind: row.kind,
    target: row.targetId === null ? null : { id: row.targetId, name: row.targetName ?? '' },
    changes: row.changes.map(shownChange),
    status: row.status,
    requestedBy: { id: row.requestedBy, username: row.requestedByUsername },
    requestedAt: row.requestedAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
    decidedBy: row.decidedByUsername === null ? null : { id: row.decidedBy, username: row.decidedByUsername },
    decidedAt: iso(row.decidedAt),
    reason: row.reason,
    effectiveAt: iso(row.effectiveAt),
    appliedAt: iso(row.appliedAt),
    failure: row.failure,
  };
}

/** The request as the audit log keeps it: what the API shows (no unmasked key). */
export const auditedRequest = (row: ChangeRequest) => toChangeRequestJson(row);

const SECURITY_CHANGE: Record<ChangedField, SecurityChange | null> = {
  stakingWallet: 'settings.stakingWallet',
  tokenContract: 'settings.tokenContract',
  heliusRpcUrl: 'settings.rpcProvider',
  heliusApiKey: 'settings.rpcProvider',
  holderRpcUrl: 'settings.holderRpcUrl',
  autoPayout: 'settings.autoPayout',
  walletChangeDelayHours: 'settings.walletChangeDelayHours',
  approvalThreshold: 'settings.approvalThreshold',
  role: 'admin.role',
  webhook: null,
  admin: null,
};

/** The step-up changes a request makes, announced again when it is approved and when it takes effect. */
export function securityChangesOf(changes: FieldChange[]): SecurityChange[] {
  return [...new Set(changes.map((change) => SECURITY_CHANGE[change.field]).filter((change) => change !== null))];
}

/** "stakingWallet, autoPayout": the fields a request changes, for alerts. */
export const fieldsOf = (changes: FieldChange[]) => changes.map((change) => change.field).join(', ');
