/**
 * An ISO 8601 moment as PostgreSQL's recovery_target_time takes it: '2026-12-05 10:00:00.123+00'
 * (UTC, milliseconds kept). Undefined for anything that is not a moment with a time zone: a time
 * without one would be read in the server's zone, and 'T…Z' is not PostgreSQL's format.
 */
export function postgresTimestamp(iso: string): string | undefined {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})$/.test(iso)) return undefined;
  const moment = new Date(iso);
  if (Number.isNaN(moment.getTime())) return undefined;
  return `${moment.toISOString().replace('T', ' ').replace('Z', '')}+00`;
}
