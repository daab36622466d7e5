import pg from 'pg';
import type { AdminEvent } from '@stakedesk/shared/api-types';
import { ADMIN_EVENTS_CHANNEL } from '../events/publish.js';

/**
 * Every admin event the database announces (what each instance's event hub relays to the admins'
 * streams), heard on a connection of the test's own. Waits count real timer ticks, not Date, so
 * it works under a test clock.
 */
export async function listenToAdminEvents(databaseUrl: string) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const received: AdminEvent[] = [];
  client.on('notification', (message) => {
    if (message.channel === ADMIN_EVENTS_CHANNEL && message.payload) received.push(JSON.parse(message.payload) as AdminEvent);
  });
  await client.query(`LISTEN ${ADMIN_EVENTS_CHANNEL}`);
  return {
    received,
    /** The security.changed events received so far, then forgets them. */
    async securityChanges(settleMs = 150): Promise<Extract<AdminEvent, { type: 'security.changed' }>[]> {
      await new Promise((resolve) => setTimeout(resolve, settleMs));
      const found = received.filter((event) => event.type === 'security.changed');
      received.length = 0;
      return found as Extract<AdminEvent, { type: 'security.changed' }>[];
    },
    close: () => client.end(),
  };
}
