import { createServer, type Server } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../open-database.js';
import { isDatabaseUnavailable } from './errors.js';

// A PostgreSQL that completes the handshake and terminates the connection in the same write, as a
// real one does when it shuts down just as a connection opens (seen as the server dying in the
// database-outage hostile test). Without the guard, pg emits 'error' before Sequelize listens and
// the process dies: vitest then fails this file with an unhandled error.
function message(type: string, body: Buffer): Buffer {
  const header = Buffer.alloc(5);
  header.write(type, 0);
  header.writeInt32BE(4 + body.length, 1);
  return Buffer.concat([header, body]);
}
const authenticationOk = message('R', Buffer.alloc(4));
const readyForQuery = message('Z', Buffer.from('I'));
const terminating = message('E', Buffer.from('SFATAL\0C57P01\0Mterminating connection due to administrator command\0\0'));

let fake: Server;
let url: string;
let connections = 0;

beforeAll(async () => {
  fake = createServer((socket) => {
    connections += 1;
    socket.once('data', () => socket.end(Buffer.concat([authenticationOk, readyForQuery, terminating])));
  });
  await new Promise<void>((resolve) => fake.listen(0, '127.0.0.1', resolve));
  const address = fake.address() as { port: number };
  url = `postgres://stakedesk:secret@127.0.0.1:${address.port}/stakedesk`;
});
afterAll(() => new Promise<void>((resolve) => fake.close(() => resolve())));

describe('a connection PostgreSQL terminates as its handshake completes', () => {
  it('fails the statement as "database unavailable" (answered 503), and the process lives on', async () => {
    const db = openDatabase(url);
    for (let attempt = 0; attempt < 3; attempt += 1) {
      const error = await db.query('SELECT 1').then(
        () => undefined,
        (failure: unknown) => failure,
      );
      expect(error).toBeInstanceOf(Error);
      expect(isDatabaseUnavailable(error), String(error)).toBe(true);
    }
    expect(connections).toBe(3); // each attempt a new connection: the broken one never went back to the pool
    await db.close();
  });
});
