import type { Sequelize } from 'sequelize';
import type { AuditLogEntry } from '@stakedesk/shared/api-types';
import { countOrEstimate, type ListTotal } from '../sql/estimated-count.js';
import { pageOf, type ListSort } from '../sql/list-page.js';
import { auditLogsTable, type AuditLog } from './audit-log.model.js';
import type { Keyset, Page } from '../sql/page.js';

function toJson(entry: AuditLog): AuditLogEntry {
  return {
    id: Number(entry.id),
    adminId: entry.adminId,
    adminUsername: entry.adminUsername,
    action: entry.action,
    entityType: entry.entityType,
    entityId: entry.entityId,
    before: entry.before,
    after: entry.after,
    createdAt: entry.createdAt.toISOString(),
  };
}

const NEWEST_FIRST: ListSort = { field: 'createdAt', direction: 'DESC', nullable: false };

/** One page of the audit log, newest first. */
export async function listAuditLog(
  db: Sequelize,
  page: Page,
  after?: Keyset,
): Promise<ListTotal & { rows: AuditLogEntry[]; next?: Keyset }> {
  const [{ rows, next }, total] = await Promise.all([
    pageOf(db, auditLogsTable(db), { where: {}, sort: NEWEST_FIRST, ...page, after }),
    countOrEstimate(db, 'FROM audit_logs', {}),
  ]);
  return { rows: rows.map((row) => toJson(row as AuditLog)), ...total, next };
}
