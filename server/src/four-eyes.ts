import type { Sequelize } from 'sequelize';
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
export function changeAppliers(sequelize: Sequelize): ChangeAppliers {
  return {
    settings: settingsApplier(sequelize, liveStakesIn(sequelize)),
    'webhook.remove': webhookRemovalApplier(sequelize),
    'admin.role': roleChangeApplier(sequelize),
    'admin.remove': adminRemovalApplier(sequelize),
  };
}

/** How alerts/ asks for a second owner (approvals/ raises alerts, so alerts/ cannot import it). */
export function fourEyes(sequelize: Sequelize): FourEyes {
  return {
    required: (transaction) => approvalsRequired(sequelize, transaction),
    request: (transaction, actor, proposal) => requestChange(sequelize, transaction, actor, proposal),
  };
}
