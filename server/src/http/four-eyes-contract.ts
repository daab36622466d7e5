import type { Transaction } from 'sequelize';
import type { ChangeRequest } from '@stakedesk/shared/api-types';
import type { ChangeRequestKind, FieldChange } from '@stakedesk/shared/change-requests';

/** Who makes an approved change happen: the approving owner, or the server when its time comes (audit's SYSTEM_ACTOR). */
export type Decider = { id: number; username: string } | { readonly id: null; readonly username: 'system' };

/** A change that needs another owner's approval (DESIGN 17), as the service that guards it describes it. */
export type ChangeProposal = {
  kind: ChangeRequestKind;
  /** The webhook or admin it is about; null for the settings. */
  target: { id: number; name: string } | null;
  changes: FieldChange[];
  /** What taking effect writes besides the changes (a new mint's profile). */
  effects?: Record<string, unknown>;
};

/** A change request as it is stored: what taking effect needs of it. */
export type StoredChangeRequest = {
  id: number;
  kind: ChangeRequestKind;
  targetId: number | null;
  changes: FieldChange[];
  effects: Record<string, unknown>;
};

/**
 * What a kind of request does once approved, written by the module that owns what it changes and
 * handed to approvals/ by app.ts. Both run in the deciding transaction and lock what they change.
 */
export type ChangeApplier = {
  /**
   * Refuses a request that cannot take effect as it was asked (409 changeRequestStale: the value it
   * changes is no longer the one it was asked from; or the change's own refusal) and answers how
   * many hours it waits after approval (0: it takes effect at once).
   */
  check(transaction: Transaction, request: StoredChangeRequest): Promise<number>;
  /** Checks again and makes the change, audited as `actor`'s. */
  apply(transaction: Transaction, request: StoredChangeRequest, actor: Decider): Promise<void>;
};
export type ChangeAppliers = Record<ChangeRequestKind, ChangeApplier>;

/**
 * How a guarded change asks for a second owner, for a module approvals/ cannot be imported by
 * (it raises alerts, so alerts/ gets this from app.ts): whether approval is needed now (two or more
 * owners), and the request itself, in the caller's transaction (the 202).
 */
export type FourEyes = {
  required(transaction: Transaction): Promise<boolean>;
  request(transaction: Transaction, actor: { id: number; username: string }, proposal: ChangeProposal): Promise<ChangeRequest>;
};
