import { App } from 'antd';
import { useMemo } from 'react';

/** The panel's toasts: a title and a description, one at a time (AdminPanel sets the limits). */
export function useToast() {
  const { notification } = App.useApp();
  return useMemo(
    () => ({
      success: (title: string, description?: string) => notification.success({ title, description }),
      error: (title: string, description?: string) => notification.error({ title, description }),
      info: (title: string, description?: string) => notification.info({ title, description }),
      warning: (title: string, description?: string) => notification.warning({ title, description }),
    }),
    [notification],
  );
}
