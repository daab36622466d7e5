import { Table, Typography, type TableColumnsType } from 'antd';
import type { AuditLogEntry } from '@stakedesk/shared/api-types';
import { useAuditLog } from '../core/queries/queries.js';
import { useTableQuery } from '../components/use-table-query.js';
import { useAdminFormat } from '../format.js';
import { useAdminI18n } from '../i18n.js';
import { actorName, describeAuditEntry } from './audit-words.js';

const asJson = (value: unknown) => (value === null || value === undefined ? '' : JSON.stringify(value, null, 2));

/** Who changed what and when, in words, newest first; a row opens to its recorded code, before and after. */
export function AuditLogTab() {
  const { t } = useAdminI18n();
  const format = useAdminFormat();
  const table = useTableQuery<AuditLogEntry>();
  const { data, isFetching } = useAuditLog(table.params);

  const columns: TableColumnsType<AuditLogEntry> = [
    { title: t('audit.when'), dataIndex: 'createdAt', key: 'createdAt', render: (date: string) => format.dateTime(date) },
    { title: t('audit.admin'), dataIndex: 'adminUsername', key: 'adminUsername', render: (_value, entry) => actorName(t, entry) },
    { title: t('audit.action'), key: 'action', render: (_value, entry) => describeAuditEntry(t, format, entry) },
  ];

  return (
    <Table<AuditLogEntry>
      rowKey="id"
      size="middle"
      columns={columns}
      dataSource={data?.rows}
      loading={isFetching}
      pagination={table.pagination(data)}
      onChange={table.onChange}
      locale={{ emptyText: t('audit.empty') }}
      expandable={{
        columnTitle: <span className="admin-visually-hidden">{t('audit.details')}</span>,
        expandedRowRender: (entry) => (
          <>
            <Typography.Paragraph type="secondary">
              {t('audit.code')}: <code>{entry.action}</code>
            </Typography.Paragraph>
            <div style={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fit, minmax(280px, 1fr))', gap: 16 }}>
              <div>
                <Typography.Text strong>{t('audit.before')}</Typography.Text>
                <pre className="admin-json">{asJson(entry.before)}</pre>
              </div>
              <div>
                <Typography.Text strong>{t('audit.after')}</Typography.Text>
                <pre className="admin-json">{asJson(entry.after)}</pre>
              </div>
            </div>
          </>
        ),
      }}
      scroll={{ x: true }}
    />
  );
}
