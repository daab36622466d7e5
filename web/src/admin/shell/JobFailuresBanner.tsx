import { Alert } from 'antd';
import type { AdminMessageKey } from '../../i18n/admin-en.js';
import { useBackgroundJobs } from '../core/queries/queries.js';
import { storedReason } from '../readable-error.js';
import { useAdminFormat } from '../format.js';
import { useAdminI18n } from '../i18n.js';

/** The jobs of server/src/background-work.ts and alerts/webhook-delivery.ts, by the names the queue gives them. */
const JOB_NAMES: Partial<Record<string, AdminMessageKey>> = {
  expiry: 'jobs.name.expiry',
  'follow-payouts': 'jobs.name.follow-payouts',
  'deposit-detection': 'jobs.name.deposit-detection',
  'clean-up': 'jobs.name.clean-up',
  'auto-payouts': 'jobs.name.auto-payouts',
  'webhook-delivery': 'jobs.name.webhook-delivery',
  'webhook-sweep': 'jobs.name.webhook-sweep',
  'withdrawal-overdue': 'jobs.name.withdrawal-overdue',
  'treasury-watch': 'jobs.name.treasury-watch',
  'change-requests': 'jobs.name.change-requests',
  'reserves-anchor': 'jobs.name.reserves-anchor',
  'reserves-snapshot': 'jobs.name.reserves-snapshot',
  'base-backup': 'jobs.name.base-backup',
  'books-audit': 'jobs.name.books-audit',
};

/** Above every tab while any background job failed in the last 24 hours. */
export function JobFailuresBanner() {
  const { t, language } = useAdminI18n();
  const format = useAdminFormat();
  const { data } = useBackgroundJobs();
  const failed = data?.failedLast24h ?? [];
  if (failed.length === 0) return null;
  const name = (job: string) => (JOB_NAMES[job] ? t(JOB_NAMES[job]) : job);
  return (
    <Alert
      type="warning"
      showIcon
      title={t('jobs.failedTitle')}
      description={
        <>
          <ul className="job-failures">
            {failed.map((job) => (
              <li key={job.job}>
                {t('jobs.failedLine', {
                  job: name(job.job),
                  count: format.count(job.failures),
                  time: format.dateTime(job.lastFailedAt),
                  error: storedReason(t, job.lastReason, job.lastError, t('errors.unexpected'), language),
                })}
              </li>
            ))}
          </ul>
          {t('jobs.failedHint')}
        </>
      }
      style={{ marginTop: 8 }}
    />
  );
}
