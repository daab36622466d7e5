import type { Router } from 'express';
import { msg } from '@stakedesk/shared/i18n/catalogue';
import { isSessionCurrent } from './admin-auth.js';
import { unavailable } from '../errors.js';
import type { Dependencies } from '../dependencies.js';
import { tableRouter } from '../http/mount.js';
import { currentAdminSession } from '../http/signed-in-admin.js';

/** Each open stream holds a socket; more than this per instance is refused. */
const MAX_STREAMS = 200;

/**
 * GET /api/admin/events: Server-Sent Events for logged-in admins. The stream ends when the token
 * expires, when the admin is deleted or changes its password (checked at every heartbeat), and
 * at shutdown; the client reconnects with a fresh token.
 */
export function adminEventRoutes({ events: hub, database }: Dependencies): Router {
  const { router, mount } = tableRouter('/api/admin');
  mount('GET /api/admin/events', (_input, res) => {
    if (hub.size >= MAX_STREAMS) throw unavailable(msg('tooManyEventStreams'));
    const session = currentAdminSession(res);
    res.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache, no-transform',
      // nginx and similar proxies would otherwise buffer the stream.
      'x-accel-buffering': 'no',
    });
    res.write('retry: 5000\n: connected\n\n');

    const expiry = setTimeout(() => end(), Math.max(0, session.expiresAt - Date.now()));
    const unsubscribe = hub.subscribe({
      onEvent: (event) => res.write(`event: ${event.type}\ndata: ${JSON.stringify(event)}\n\n`),
      onHeartbeat: () =>
        void isSessionCurrent(database, session).then(
          (admin) => (admin ? res.write(': ping\n\n') : end()),
          // The database is down: keep the stream; the next heartbeat checks again.
          () => res.write(': ping\n\n'),
        ),
      onClose: () => end(),
    });
    const stop = () => {
      unsubscribe();
      clearTimeout(expiry);
    };
    const end = () => {
      stop();
      res.end();
    };
    res.on('close', stop);
  });
  return router;
}
