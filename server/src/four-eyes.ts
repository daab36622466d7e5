import type { Sequelize } from 'sequelize';
import { ownerCount } from './access/index.js';
import { adminRemovalApplier, roleChangeApplier } from './accounts/index.js';
import { webhookRemovalApplier } from './alerts/index.js';
import { approvalsRequired, requestChange } from './approvals/index.js';
import type { ChangeAppliers, FourEyes } from './http/four-eyes-contract.js';
import { settingsApplier } from './settings/index.js';
import { liveStakesIn } from './stakes/index.js';

/**
 * No single owner moves the money (DESIGN 17), put together: what each kind of change request does
 * once approved (written by the module that owns what it changes), for the approvals' routes, the
 * job that makes scheduled changes take effect, and the settings' reads.
 */
export function changeAppliers(db: Sequelize): ChangeAppliers {
  return {
    settings: settingsApplier(db, liveStakesIn(db), ownerCount),
    'webhook.remove': webhookRemovalApplier(db),
    'admin.role': roleChangeApplier(db),
    'admin.remove': adminRemovalApplier(db),
  };
}

/** How alerts/ asks for a second owner (approvals/ raises alerts, so alerts/ cannot import it). */
export function fourEyes(db: Sequelize): FourEyes {
  return {
    required: async (transaction) => approvalsRequired(await ownerCount(db, transaction)),
    request: (transaction, actor, proposal) => requestChange(db, transaction, actor, proposal),
  };
}
