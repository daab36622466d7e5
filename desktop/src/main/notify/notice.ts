import { Notification } from 'electron';

/** A native notification (a new withdrawal request, a security change made by another admin); clicking it brings the window forward. */
export function showNotice(notice: { title: string; body: string }, onClick: () => void): void {
  if (!Notification.isSupported()) return;
  const notification = new Notification({ title: notice.title, body: notice.body });
  notification.on('click', onClick);
  notification.show();
}
