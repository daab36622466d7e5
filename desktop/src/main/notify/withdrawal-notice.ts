import { Notification } from 'electron';

/** A native notification for a new withdrawal request; clicking it brings the window forward. */
export function showWithdrawalNotice(notice: { title: string; body: string }, onClick: () => void): void {
  if (!Notification.isSupported()) return;
  const notification = new Notification({ title: notice.title, body: notice.body });
  notification.on('click', onClick);
  notification.show();
}
