import pg from 'pg';
import type { AdminEvent } from '@stakedesk/shared/api-types';
import { ADMIN_EVENTS_CHANNEL } from '../events/publish.js';

/** What this listener announces to itself to know it has heard everything committed before. */
const MARKER_CHANNEL = 'stakedesk_test_marker';

/**
 * Every admin event the database announces (what each instance's event hub relays to the admins'
 * streams), heard on a connection of the test's own. Events are announced at their transaction's
 * commit and heard in commit order: a marker this connection announces after a change was answered
 * arrives after that change's events, whatever the machine's load (no timer, so a test clock
 * changes nothing).
 */
export async function listenToAdminEvents(databaseUrl: string) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const received: AdminEvent[] = [];
  let markerHeard: (() => void) | null = null;
  client.on('notification', (message) => {
    if (message.channel === MARKER_CHANNEL) markerHeard?.();
    else if (message.channel === ADMIN_EVENTS_CHANNEL && message.payload) received.push(JSON.parse(message.payload) as AdminEvent);
  });
  await client.query(`LISTEN ${ADMIN_EVENTS_CHANNEL}`);
  await client.query(`LISTEN ${MARKER_CHANNEL}`);
  /** Returns once every event committed before the call has been received. */
  async function caughtUp(): Promise<void> {
    const heard = new Promise<void>((resolve) => (markerHeard = resolve));
    await client.query(`NOTIFY ${MARKER_CHANNEL}`);
    await heard;
  }
  /** The events of `type` committed so far, then forgets every event heard. */
  async function ofType<T extends AdminEvent['type']>(type: T): Promise<Extract<AdminEvent, { type: T }>[]> {
    await caughtUp();
    const found = received.filter((event) => event.type === type);
    received.length = 0;
    return found as Extract<AdminEvent, { type: T }>[];
  }
  return {
    received,
    ofType,
    /** The security.changed events committed so far, then forgets them. */
    securityChanges: () => ofType('security.changed'),
    close: () => client.end(),
  };
}
