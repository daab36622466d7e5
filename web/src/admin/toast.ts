import { App } from 'antd';
import { useMemo } from 'react';
import { placementAwayFrom } from './toast-placement.js';

/** What a toast must not cover: the row (or card) whose button the admin just pressed. */
export type ToastOptions = { near?: Element | null };

/** The panel's toasts: a title and a description, one at a time (AdminPanel sets the limits and the top offset). */
export function useToast() {
  const { notification } = App.useApp();
  return useMemo(() => {
    const placement = (options: ToastOptions | undefined) => placementAwayFrom(options?.near?.getBoundingClientRect(), window.innerHeight);
    return {
      success: (title: string, description?: string, options?: ToastOptions) =>
        notification.success({ title, description, placement: placement(options) }),
      error: (title: string, description?: string, options?: ToastOptions) =>
        notification.error({ title, description, placement: placement(options) }),
      info: (title: string, description?: string, options?: ToastOptions) =>
        notification.info({ title, description, placement: placement(options) }),
      warning: (title: string, description?: string, options?: ToastOptions) =>
        notification.warning({ title, description, placement: placement(options) }),
    };
  }, [notification]);
}
