import pg from 'pg';
import type { AdminEvent } from '@stakedesk/shared/api-types';
import type { Logger } from '../logger.js';
import { ADMIN_EVENTS_CHANNEL } from './publish.js';

export type EventStream = {
  onEvent(event: AdminEvent): void;
  /** Every `heartbeatMs`: keeps proxies from closing an idle stream, and lets it re-check its admin. */
  onHeartbeat(): void;
  /** The server is shutting down. */
  onClose(): void;
};

/** Something inside the server that follows every change, such as the caches (cache/cache-sync.ts). */
export type HubWatcher = {
  onEvent(event: AdminEvent): void;
  /** LISTEN is in place (first time, or again after a loss): from now on no change goes unnoticed. */
  onListening(): void;
  /** The listening connection is gone: changes made meanwhile will not be announced. */
  onLost(): void;
};

const RECONNECT_DELAY_MS = 2_000;

/**
 * Fans PostgreSQL notifications out to this instance's admin event streams and watchers. It
 * LISTENs on one connection of its own, opened with the first stream or watcher (the caches watch
 * from the start, so in a running server it is open from start-up); when that connection drops
 * it reconnects, tells every stream to resync and every watcher what happened, since
 * notifications sent meanwhile are lost.
 */
export class AdminEventHub {
  private readonly streams = new Set<EventStream>();
  private readonly watchers = new Set<HubWatcher>();
  private client: pg.Client | undefined;
  /** LISTEN has succeeded at least once (so a new success is a reconnection). */
  private listening = false;
  /** LISTEN is in place now. */
  private connected = false;
  private closed = false;
  private reconnectTimer: NodeJS.Timeout | undefined;
  private heartbeat: NodeJS.Timeout | undefined;

  constructor(
    private readonly databaseUrl: string,
    private readonly logger: Logger,
    readonly heartbeatMs = 25_000,
    /** A connection attempt that gets no answer is given up after this and tried again. */
    private readonly connectTimeoutMs = 5_000,
  ) {}

  get size(): number {
    return this.streams.size;
  }

  subscribe(stream: EventStream): () => void {
    this.streams.add(stream);
    if (!this.client && !this.closed) void this.listen();
    if (!this.heartbeat) {
      this.heartbeat = setInterval(() => this.streams.forEach((s) => s.onHeartbeat()), this.heartbeatMs);
      this.heartbeat.unref();
    }
    return () => {
      this.streams.delete(stream);
      if (this.streams.size === 0) {
        clearInterval(this.heartbeat);
        this.heartbeat = undefined;
      }
    };
  }

  /** Follows every event from now on; opens the listening connection if it is not open yet. */
  watch(watcher: HubWatcher): () => void {
    this.watchers.add(watcher);
    if (this.connected) watcher.onListening();
    if (!this.client && !this.closed) void this.listen();
    return () => void this.watchers.delete(watcher);
  }

  async close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.reconnectTimer);
    clearInterval(this.heartbeat);
    this.streams.forEach((stream) => stream.onClose());
    this.streams.clear();
    this.watchers.forEach((watcher) => watcher.onLost());
    this.watchers.clear();
    await this.client?.end().catch(() => undefined);
  }

  private broadcast(event: AdminEvent): void {
    if (event.type !== 'resync') this.watchers.forEach((watcher) => watcher.onEvent(event));
    this.streams.forEach((stream) => stream.onEvent(event));
  }

  private async listen(): Promise<void> {
    const client = (this.client = new pg.Client({
      connectionString: this.databaseUrl,
      application_name: 'stakedesk-events',
      connectionTimeoutMillis: this.connectTimeoutMs,
    }));
    client.on('notification', (message) => {
      if (message.channel !== ADMIN_EVENTS_CHANNEL || !message.payload) return;
      try {
        this.broadcast(JSON.parse(message.payload) as AdminEvent);
      } catch (error) {
        this.logger.warn({ err: error }, 'ignored a malformed admin event');
      }
    });
    client.on('error', (error) => this.lost(client, error));
    client.on('end', () => this.lost(client));
    try {
      await client.connect();
      await client.query(`LISTEN ${ADMIN_EVENTS_CHANNEL}`);
      if (this.client !== client || this.closed) return; // lost or closed while connecting
      if (this.listening) this.broadcast({ type: 'resync' });
      this.listening = true;
      this.connected = true;
      this.watchers.forEach((watcher) => watcher.onListening());
    } catch (error) {
      this.lost(client, error);
    }
  }

  /** The listening connection failed or ended: try again shortly, unless shutting down. */
  private lost(client: pg.Client, error?: unknown): void {
    if (this.client !== client) return;
    this.client = undefined;
    this.connected = false;
    void client.end().catch(() => undefined);
    if (this.closed) return;
    this.watchers.forEach((watcher) => watcher.onLost());
    this.logger.warn({ err: error }, 'admin event listener lost its database connection; reconnecting');
    this.reconnectTimer = setTimeout(() => {
      if ((this.streams.size > 0 || this.watchers.size > 0) && !this.client) void this.listen();
    }, RECONNECT_DELAY_MS);
    this.reconnectTimer.unref();
  }
}
