import { QueryTypes, type Sequelize } from 'sequelize';
import type { FailedJob } from '@stakedesk/shared/api-types';
import { isCodedMessage, type CodedMessage } from '@stakedesk/shared/i18n/catalogue';
import { withoutUrlSecrets } from '../url-secrets.js';
import { FAILED_LAST_24H_SQL, SCHEMA } from '../jobs/job-queue.js';

/** The longest error line an operator is shown: the sentence that says what went wrong, not a stack. */
const ERROR_CHARS = 200;

/**
 * Background jobs that failed in the last 24 hours on any instance, by job: how often, when last,
 * and the first line of the last error. Empty while the queue has never started on this database.
 */
export async function recentJobFailures(db: Sequelize): Promise<FailedJob[]> {
  const [queue] = await db.query<{ present: boolean }>(`SELECT to_regclass('${SCHEMA}.archive') IS NOT NULL AS present`, {
    type: QueryTypes.SELECT,
  });
  if (!queue?.present) return [];
  const rows = await db.query<{ job: string; failures: number; last_failed_at: Date; last_error: string; last_reason: unknown }>(
    `SELECT name AS job, count(*)::int AS failures, max(completed_on) AS last_failed_at,
       (array_agg(left(split_part(coalesce(output->>'message', output->'value'->>'message', output::text, ''), E'\\n', 1), :chars)
         ORDER BY completed_on DESC))[1] AS last_error,
       (array_agg(coalesce(output->'reason', output->'coded') ORDER BY completed_on DESC))[1] AS last_reason
     FROM (${FAILED_LAST_24H_SQL}) failed GROUP BY name ORDER BY max(completed_on) DESC`,
    { type: QueryTypes.SELECT, replacements: { chars: ERROR_CHARS } },
  );
  return rows.map((row) => ({
    job: row.job,
    failures: row.failures,
    lastFailedAt: new Date(row.last_failed_at).toISOString(),
    lastError: withoutUrlSecrets(row.last_error),
    lastReason: isCodedMessage(row.last_reason) ? withoutSecretsIn(row.last_reason) : null,
  }));
}

/**
 * The queue keeps a thrown error's own fields: the chain's ChainUnavailableError its `reason`, an
 * AppError its `coded`. Their parameters may quote a provider's URL, cut like the error line.
 */
function withoutSecretsIn(message: CodedMessage): CodedMessage {
  if (!message.params) return message;
  const params = Object.fromEntries(
    Object.entries(message.params).map(([name, value]) => [
      name,
      typeof value === 'string' ? withoutUrlSecrets(value) : isCodedMessage(value) ? withoutSecretsIn(value) : value,
    ]),
  );
  return { ...message, params } as CodedMessage;
}
