import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import type { AdminEvent } from '@stakedesk/shared/api-types';
import { shortenAddress } from '@stakedesk/shared/shorten';
import { sseParser } from '@stakedesk/shared/sse';
import { useAdminMe, useAdminSettings } from '../queries/queries.js';
import { useAdminFormat } from '../../format.js';
import { useAdminI18n } from '../../i18n.js';
import { usePlatform } from '../../platform.js';
import { useAdminClient } from '../session/session.js';
import { useToast } from '../../toast.js';
import { adminInvalidation } from './invalidation.js';
import { isOwnChange, securityNotice } from './security-change.js';

export type StreamState = 'connecting' | 'live' | 'offline';

const RECONNECT_MS = 5_000;

/**
 * Follows GET /api/admin/events while the panel is open: refreshes exactly what changed (by the
 * map of stale-keys.ts, once: see invalidation.ts), and
 * announces new withdrawal requests and other admins' security changes (also as a desktop
 * notification where the platform has them). fetch (not EventSource) so the token goes in a header.
 * After a dropped stream it reconnects and refetches everything it may have missed.
 */
export function useAdminEvents(): StreamState {
  const client = useAdminClient();
  const queryClient = useQueryClient();
  const platform = usePlatform();
  const toast = useToast();
  const { t } = useAdminI18n();
  const format = useAdminFormat();
  const { data: settings } = useAdminSettings();
  const { data: me } = useAdminMe();
  const [state, setState] = useState<StreamState>('connecting');
  // The handler changes with the language and settings; the stream should not reconnect for that.
  const onEvent = useRef<(event: AdminEvent) => void>(() => undefined);
  onEvent.current = (event) => {
    adminInvalidation(queryClient).fromStream(event);
    if (event.type === 'withdrawal.requested') {
      const title = t('events.newWithdrawal');
      const body = t('events.newWithdrawalText', {
        wallet: shortenAddress(event.walletAddress),
        amount: format.tokens(event.finalAmount, settings?.tokenSymbol ?? ''),
      });
      toast.news('info', title, body);
      platform.notify({ title, body });
    }
    if (event.type === 'security.changed' && !isOwnChange(event, me?.id)) {
      const notice = securityNotice(t, event);
      toast.news('warning', notice.title, notice.body);
      platform.notify(notice);
    }
  };

  useEffect(() => {
    const abort = new AbortController();
    let retry: ReturnType<typeof setTimeout> | undefined;
    let dropped = false;
    const invalidation = adminInvalidation(queryClient);
    const setLive = (live: boolean) => {
      invalidation.setStreamLive(live);
      setState(live ? 'live' : 'offline');
    };

    async function follow() {
      setState('connecting');
      try {
        const response = await client.stream('/api/admin/events', abort.signal);
        if (response.status === 401) {
          // Any admin call now ends the session with the server's reason.
          await client.get('/api/admin/stats').catch(() => undefined);
          return;
        }
        if (!response.ok || !response.body) throw new Error(`event stream: ${response.status}`);
        setLive(true);
        if (dropped) invalidation.fromStream({ type: 'resync' });
        const feed = sseParser(({ data }) => onEvent.current(JSON.parse(data) as AdminEvent));
        const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
        for (;;) {
          const { value, done } = await reader.read();
          if (done) break;
          feed(value);
        }
      } catch {
        if (abort.signal.aborted) return;
      }
      if (abort.signal.aborted) return;
      dropped = true;
      setLive(false);
      retry = setTimeout(() => void follow(), RECONNECT_MS);
    }

    void follow();
    return () => {
      invalidation.setStreamLive(false);
      abort.abort();
      clearTimeout(retry);
    };
  }, [client, queryClient]);

  return state;
}
