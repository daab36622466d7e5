import { App } from 'antd';
import { useMemo } from 'react';
import { TOAST_DURATION_MS } from '@stakedesk/shared/constants';
import { placementAwayFrom } from './toast-placement.js';
import { ToastTurns } from './toast-turns.js';

/** What a toast must not cover: the row (or card) whose button the admin just pressed. */
export type ToastOptions = { near?: Element | null };

type Notification = ReturnType<typeof App.useApp>['notification'];

/** One queue of turns per panel (per antd App), shared by every component's useToast. */
const turnsOfPanel = new WeakMap<Notification, ToastTurns>();
function turnsOf(notification: Notification): ToastTurns {
  let turns = turnsOfPanel.get(notification);
  if (!turns) {
    turns = new ToastTurns(TOAST_DURATION_MS, { now: () => Date.now(), later: (run, ms) => void setTimeout(run, ms) });
    turnsOfPanel.set(notification, turns);
  }
  return turns;
}

/**
 * The panel's toasts: a title and a description, one at a time (AdminPanel sets the limits and the
 * top offset). `news` is for what the event stream announces: it waits for the toast on screen.
 */
export function useToast() {
  const { notification } = App.useApp();
  return useMemo(() => {
    const turns = turnsOf(notification);
    const placement = (options: ToastOptions | undefined) => placementAwayFrom(options?.near?.getBoundingClientRect(), window.innerHeight);
    const show = (kind: 'success' | 'error' | 'info' | 'warning') => (title: string, description?: string, options?: ToastOptions) =>
      turns.action(() => notification[kind]({ title, description, placement: placement(options) }));
    return {
      success: show('success'),
      error: show('error'),
      info: show('info'),
      warning: show('warning'),
      news: (kind: 'info' | 'warning', title: string, description: string) =>
        turns.news(() => notification[kind]({ title, description, placement: 'bottomRight' })),
    };
  }, [notification]);
}
