import { createServer, type Server, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../logger.js';
import { AdminEventHub } from './admin-event-hub.js';

// A database address that accepts connections and never answers (a stuck server, a black-holed
// route, or a connection that reached itself while PostgreSQL was down on an ephemeral port).
let silent: Server;
let url: string;
const sockets: Socket[] = [];
let closedByClient = 0;

beforeAll(async () => {
  silent = createServer((socket) => {
    sockets.push(socket);
    socket.resume().on('close', () => (closedByClient += 1));
  });
  await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
  url = `postgres://stakedesk:secret@127.0.0.1:${(silent.address() as { port: number }).port}/stakedesk`;
});
afterAll(async () => {
  sockets.forEach((socket) => socket.destroy());
  await new Promise<void>((resolve) => silent.close(() => resolve()));
});

describe('the event listener connecting to a database that does not answer', () => {
  it('gives the attempt up after its timeout, tells its watchers, and tries again', async () => {
    const hub = new AdminEventHub(url, createLogger('silent'), 25_000, 200);
    let lost = 0;
    hub.watch({ onEvent: () => undefined, onListening: () => undefined, onLost: () => (lost += 1) });
    const started = Date.now();
    while (sockets.length < 2 && Date.now() - started < 10_000) await new Promise((resolve) => setTimeout(resolve, 50));
    await hub.close();
    expect(sockets.length).toBeGreaterThanOrEqual(2);
    expect(lost).toBeGreaterThanOrEqual(1);
    expect(closedByClient).toBeGreaterThanOrEqual(1); // the stuck attempt's connection was closed, not left open
  });
});
