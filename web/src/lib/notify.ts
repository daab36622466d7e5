/**
 * Toasts without loading the toast library up front: the first notification mounts it
 * (components/Toasts.tsx), and notifications raised meanwhile are shown once it is there.
 */
export type Notification = { kind: 'success' | 'error'; title: string; description?: string };

let show: ((notification: Notification) => void) | undefined;
let dismiss: (() => void) | undefined;
let requestToaster: (() => void) | undefined;
const waiting: Notification[] = [];

export function notify(kind: Notification['kind'], title: string, description?: string): void {
  const notification = { kind, title, description };
  if (show) return show(notification);
  waiting.push(notification);
  requestToaster?.();
}

/** Takes down the toast on screen (one that announced what has now happened). */
export function dismissToasts(): void {
  dismiss?.();
}

/** Called by the host that can mount the toaster when asked. */
export function onToasterRequested(request: () => void): () => void {
  requestToaster = request;
  if (waiting.length > 0) request();
  return () => (requestToaster = undefined);
}

/** Called by the mounted toaster: shows what waited, then every later notification. */
export function attachToaster(display: (notification: Notification) => void, dismissAll: () => void): () => void {
  show = display;
  dismiss = dismissAll;
  waiting.splice(0).forEach(display);
  return () => {
    show = undefined;
    dismiss = undefined;
  };
}
