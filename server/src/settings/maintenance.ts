import type { RequestHandler } from 'express';
import type { Sequelize } from 'sequelize';
import { msg } from '@stakedesk/shared/i18n/catalogue';
import { unavailable } from '../errors.js';
import { loadSettings } from './stored-settings.js';

/** Holder mutations stop while maintenance is on; reads and admin calls go on. */
export const refuseDuringMaintenance =
  (db: Sequelize): RequestHandler =>
  async (_req, _res, next) => {
    const settings = await loadSettings(db);
    if (settings.maintenanceMode)
      throw unavailable(msg('maintenanceNotice', { notice: settings.maintenanceMessage }), { maintenance: true });
    next();
  };
