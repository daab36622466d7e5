import PgBoss from 'pg-boss';
import type { Logger } from '../logger.js';

/** pg-boss keeps its tables in this schema of the app's database, and migrates it itself. */
export const SCHEMA = 'pgboss';

/**
 * Jobs that failed in the last 24 hours (name, completed_on, output): from the live table and the
 * archive, where pg-boss moves finished jobs after 12 hours.
 */
export const FAILED_LAST_24H_SQL = ['job', 'archive']
  .map(
    (table) =>
      `SELECT name, completed_on, output FROM ${SCHEMA}.${table} WHERE state = 'failed' AND completed_on > now() - interval '24 hours'`,
  )
  .join(' UNION ALL ');

/** Connections of each instance's queue, beside Sequelize's pool. */
const POOL_SIZE = 3;
/** The least time pg-boss allows between two polls of a queue. */
const MIN_POLL_SECONDS = 0.5;
/**
 * How long a finished job stays in the archive, where pg-boss moves it 12 hours after it ended: a
 * failure stays visible for the 24 hours operators are shown, and a job every second (deposit
 * detection) keeps about 90,000 rows rather than the 7 days' 600,000 of pg-boss's default.
 */
const ARCHIVE_KEPT_SECONDS = 13 * 3600;
/** PostgreSQL's code for a deadlock it broke by aborting one side. */
const DEADLOCK = '40P01';
/**
 * A round still active after this long is taken for dead (its instance killed mid-round) and
 * failed by pg-boss's maintenance, which looks every MAINTENANCE_SECONDS: until then a one-at-a-time
 * job waits for it. pg-boss's own defaults (15 minutes, every 2 minutes) would stop a task that long.
 */
const ROUND_EXPIRES_SECONDS = 60;
const MAINTENANCE_SECONDS = 15;

export type EveryOptions = {
  /**
   * Rounds whose every write the database guards (claims, row locks), so two may overlap: a round
   * a killed instance left active never holds the next one back. Otherwise one round at a time.
   */
  overlapSafe?: boolean;
  /** How long a round may run before it is taken for dead (ROUND_EXPIRES_SECONDS unless given): for a round that takes minutes. */
  expiresInSeconds?: number;
};

/**
 * How a one-off job is retried: `retryLimit` more times, the wait doubling from about
 * `retryDelaySeconds` (pg-boss adds jitter). An attempt still active after `expiresInSeconds` (a
 * little more than the longest an attempt takes) was cut off with its instance, and is retried.
 */
export type RetryPolicy = { retryLimit: number; retryDelaySeconds: number; expiresInSeconds: number };

/** Which attempt a job's run is: `final` when no retry follows a failure. */
export type Attempt = { retryCount: number; final: boolean };

export type JobQueue = {
  /**
   * Runs `run` every `intervalMs`, once per interval across every instance sharing the database
   * (one job per time slot), one round at a time on each instance. A round that throws is logged
   * and counted and the next round runs as usual. One-at-a-time jobs never run two rounds at once
   * anywhere, so one left active by a killed instance holds the next back until it expires
   * (ROUND_EXPIRES_SECONDS: pg-boss 10 has no heartbeat to tell a dead worker from a slow one).
   * Overlap-safe jobs (`overlapSafe`) are held back by nothing, and keep at most one round waiting:
   * rounds slower than the interval do not pile up.
   */
  every(name: string, intervalMs: number, run: () => Promise<unknown>, options?: EveryOptions): Promise<void>;
  /**
   * A queue of one-off jobs worked by `run`, on whichever instance takes each first; a run that
   * throws is logged and counted, and retried as `retry` says. Answers how to add a job.
   */
  queue<T extends object>(
    name: string,
    retry: RetryPolicy,
    run: (data: T, attempt: Attempt) => Promise<void>,
  ): Promise<(data: T) => Promise<void>>;
  /** Rounds that failed since this instance started, by job name. */
  failures(): Readonly<Record<string, number>>;
  /** Jobs of every instance that failed in the last 24 hours (asks the queue's tables: it also proves they answer). */
  recentFailures(): Promise<number>;
  /** Jobs waiting to run, by queue. */
  waiting(): Promise<Record<string, number>>;
  stop(): Promise<void>;
};

/**
 * Background work on pg-boss (issue 26): a PostgreSQL job queue whose jobs and schedules hold
 * across server instances, with no LISTEN (it polls), so it runs unchanged behind PgBouncer in
 * transaction mode.
 */
export async function startJobQueue(databaseUrl: string, logger: Logger, onFailure: (job: string) => void = () => {}): Promise<JobQueue> {
  const boss = new PgBoss({
    connectionString: databaseUrl,
    schema: SCHEMA,
    max: POOL_SIZE,
    application_name: 'stakedesk-jobs',
    deleteAfterSeconds: ARCHIVE_KEPT_SECONDS,
    maintenanceIntervalSeconds: MAINTENANCE_SECONDS,
  });
  boss.on('error', (error) => logger.error({ err: error }, 'job queue error'));
  await boss.start();
  const timers: NodeJS.Timeout[] = [];
  const failed: Record<string, number> = {};

  /** Two instances starting together on a new database can deadlock in pg-boss's queue DDL; PostgreSQL aborts one, which tries again. */
  async function retryingDeadlocks(ddl: () => Promise<unknown>): Promise<void> {
    for (let attempt = 1; ; attempt++) {
      try {
        await ddl();
        return;
      } catch (error) {
        if ((error as { code?: unknown }).code !== DEADLOCK || attempt === 5) throw error;
      }
    }
  }

  async function every(name: string, intervalMs: number, run: () => Promise<unknown>, options: EveryOptions = {}): Promise<void> {
    const queue = {
      name,
      // Overlap-safe: at most one round waiting (slow rounds do not pile up) and any number active.
      policy: options.overlapSafe ? 'short' : 'singleton',
      retryLimit: 0,
      expireInSeconds: options.expiresInSeconds ?? ROUND_EXPIRES_SECONDS,
    } as const;
    await retryingDeadlocks(() => boss.createQueue(name, queue));
    // A queue made by an earlier version keeps its options unless told: these are the ones in force.
    await retryingDeadlocks(() => boss.updateQueue(name, queue));
    const slotSeconds = Math.max(1, Math.round(intervalMs / 1000));
    const pollingIntervalSeconds = Math.max(MIN_POLL_SECONDS, Math.min(slotSeconds / 2, 30));
    const worker = await boss.work(name, { pollingIntervalSeconds }, async () => {
      try {
        await run();
      } catch (error) {
        failed[name] = (failed[name] ?? 0) + 1;
        onFailure(name);
        logger.error({ err: error, job: name }, `background job ${name} failed`);
        throw error;
      }
    });
    const due = () =>
      boss
        .sendThrottled(name, {}, {}, slotSeconds)
        // This instance made the round's job: its worker takes it now rather than at its next poll.
        .then((id) => id !== null && boss.notifyWorker(worker))
        .catch((error: unknown) => logger.warn({ err: error, job: name }, `could not queue background job ${name}`));
    void due();
    const timer = setInterval(() => void due(), intervalMs);
    timer.unref();
    timers.push(timer);
  }

  async function queue<T extends object>(
    name: string,
    { retryLimit, retryDelaySeconds, expiresInSeconds }: RetryPolicy,
    run: (data: T, attempt: Attempt) => Promise<void>,
  ): Promise<(data: T) => Promise<void>> {
    const options = {
      name,
      policy: 'standard',
      retryLimit,
      retryDelay: retryDelaySeconds,
      retryBackoff: true,
      expireInSeconds: expiresInSeconds,
    } as const;
    await retryingDeadlocks(() => boss.createQueue(name, options));
    // A queue made by an earlier version keeps its options unless told (pg-boss's default expiry is 15 minutes).
    await retryingDeadlocks(() => boss.updateQueue(name, options));
    const worker = await boss.work<T>(name, { pollingIntervalSeconds: 1, includeMetadata: true }, async ([job]) => {
      try {
        await run(job!.data, { retryCount: job!.retryCount, final: job!.retryCount >= job!.retryLimit });
      } catch (error) {
        failed[name] = (failed[name] ?? 0) + 1;
        onFailure(name);
        logger.warn({ err: error, job: name, retryCount: job!.retryCount }, `job ${name} failed`);
        throw error;
      }
    });
    return async (data) => {
      await boss.send(name, data);
      // Taken at once by this instance's worker rather than at its next poll.
      boss.notifyWorker(worker);
    };
  }

  return {
    every,
    queue,
    failures: () => ({ ...failed }),
    recentFailures: async () => {
      const { rows } = await boss.getDb().executeSql(`SELECT count(*)::int AS n FROM (${FAILED_LAST_24H_SQL}) failed`, []);
      return (rows[0] as { n: number }).n;
    },
    waiting: async () => {
      const { rows } = await boss
        .getDb()
        .executeSql(`SELECT name, count(*)::int AS n FROM ${SCHEMA}.job WHERE state IN ('created', 'retry') GROUP BY name`, []);
      return Object.fromEntries((rows as { name: string; n: number }[]).map((row) => [row.name, row.n]));
    },
    stop: async () => {
      timers.forEach((timer) => clearInterval(timer));
      await boss.stop({ graceful: true, wait: true, timeout: 10_000 });
    },
  };
}
