/**
 * The WebSocket side of the RPC: signature, slot and root subscriptions for one connection.
 */
import type { Ledger } from './ledger.js';
import { RpcError, type RpcParams, type SocketSession } from './rpc-server.js';

/**
 * A notification for an already-processed signature waits this long after the subscribe reply,
 * so that the client has registered the subscription id before the notification arrives.
 */
const ALREADY_PROCESSED_NOTIFY_DELAY_MS = 20;

let nextSubscriptionId = 1;

export function openSubscriptions(ledger: Ledger, send: (message: unknown) => void): SocketSession {
  const active = new Map<number, () => void>();

  const notify = (method: string, subscription: number, result: unknown) =>
    send({ jsonrpc: '2.0', method, params: { result, subscription } });

  const subscribe = (start: (id: number) => () => void): number => {
    const id = nextSubscriptionId++;
    active.set(id, start(id));
    return id;
  };

  const unsubscribe = ([id]: RpcParams): boolean => {
    const cancel = typeof id === 'number' ? active.get(id) : undefined;
    if (!cancel) throw new RpcError(-32602, 'Invalid subscription id.');
    cancel();
    active.delete(id as number);
    return true;
  };

  const methods: Record<string, (params: RpcParams) => unknown> = {
    // Every commitment is reached at once here: transactions are final as soon as they are processed.
    signatureSubscribe: ([signature]) => {
      if (typeof signature !== 'string') throw new RpcError(-32602, 'Invalid params: expected a signature');
      return subscribe((id) => {
        // Like the RPC, a signature subscription ends with its one notification.
        const fire = (slot: number, err: unknown) => {
          active.delete(id);
          notify('signatureNotification', id, { context: { slot }, value: { err } });
        };
        const existing = ledger.getRecord(signature);
        if (existing) {
          const timer = setTimeout(() => fire(existing.slot, existing.err), ALREADY_PROCESSED_NOTIFY_DELAY_MS);
          return () => clearTimeout(timer);
        }
        const stop = ledger.onTransaction((record) => {
          if (record.signature !== signature) return;
          stop();
          fire(record.slot, record.err);
        });
        return stop;
      });
    },
    signatureUnsubscribe: unsubscribe,

    slotSubscribe: () => subscribe((id) => ledger.onSlot((slot) => notify('slotNotification', id, { parent: slot - 1, root: slot, slot }))),
    slotUnsubscribe: unsubscribe,

    rootSubscribe: () => subscribe((id) => ledger.onSlot((slot) => notify('rootNotification', id, slot))),
    rootUnsubscribe: unsubscribe,
  };

  return {
    dispatch(method, params) {
      const handler = Object.hasOwn(methods, method) ? methods[method] : undefined;
      if (!handler) throw new RpcError(-32601, 'Method not found');
      return handler(params);
    },
    close() {
      for (const cancel of active.values()) cancel();
      active.clear();
    },
  };
}
