import { useEffect, useState } from 'react';
import { createPortal } from 'react-dom';
import { TOAST_DURATION_MS } from '@stakedesk/shared/constants';
import { attachToaster, type Notification } from '../lib/notify.js';
import { toastLayer } from './toast-layer.js';

/**
 * The toasts when the toast library could not load (our server stopped answering after the page
 * loaded): plain, but on screen, one at a time, for as long as the library keeps them; an error is
 * announced at once, a success politely.
 */
export function PlainToasts() {
  const [shown, setShown] = useState<Notification>();
  useEffect(() => attachToaster(setShown, (id) => setShown((current) => (current?.id === id ? undefined : current))), []);
  useEffect(() => {
    if (!shown) return;
    const timer = setTimeout(() => setShown(undefined), TOAST_DURATION_MS);
    return () => clearTimeout(timer);
  }, [shown]);
  if (!shown) return null;
  return createPortal(
    <div className={`plain-toast ${shown.kind}`} role={shown.kind === 'error' ? 'alert' : 'status'}>
      <strong>{shown.title}</strong>
      {shown.description && <p>{shown.description}</p>}
    </div>,
    toastLayer(),
  );
}
