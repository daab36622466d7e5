/**
 * Toasts without loading the toast library up front: the first notification mounts it
 * (components/Toasts.tsx), and notifications raised meanwhile are shown once it is there.
 */
export type Notification = { kind: 'success' | 'error'; title: string; description?: string; id?: string };

let show: ((notification: Notification) => void) | undefined;
let dismiss: ((id: string) => void) | undefined;
let requestToaster: (() => void) | undefined;
const waiting: Notification[] = [];

/** `id` names the toast, so that the code that raised it can take it down (`dismissToast`) and no other. */
export function notify(kind: Notification['kind'], title: string, description?: string, id?: string): void {
  const notification = { kind, title, description, id };
  if (show) return show(notification);
  waiting.push(notification);
  requestToaster?.();
}

/** Takes down the toast named `id` if it is still on screen (one that announced what has now happened). */
export function dismissToast(id: string): void {
  dismiss?.(id);
}

/** How long a toast announcing a redirect stays once the new page shows: long enough to read, not its full 5 s. */
const AFTER_REDIRECT_MS = 1_500;

/**
 * A success toast that announces a move to another page in `redirectMs` (which the caller makes).
 * Toasts sit at the top on a phone (SPEC), over the header of the page that then already shows what
 * the toast said: this one leaves a moment after that page shows. Only this one: a toast raised since stays.
 */
export function notifyRedirect(title: string, description: string, id: string, redirectMs: number): void {
  notify('success', title, description, id);
  setTimeout(() => dismissToast(id), redirectMs + AFTER_REDIRECT_MS);
}

/** Called by the host that can mount the toaster when asked. */
export function onToasterRequested(request: () => void): () => void {
  requestToaster = request;
  if (waiting.length > 0) request();
  return () => (requestToaster = undefined);
}

/** Called by the mounted toaster: shows what waited, then every later notification. */
export function attachToaster(display: (notification: Notification) => void, dismissOne: (id: string) => void): () => void {
  show = display;
  dismiss = dismissOne;
  waiting.splice(0).forEach(display);
  return () => {
    show = undefined;
    dismiss = undefined;
  };
}
