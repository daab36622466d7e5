import { useEffect, useState } from 'react';
import { createPortal } from 'react-dom';
import { toast, Toaster } from 'sonner';
import { TOAST_DURATION_MS } from '@stakedesk/shared/constants';
import { attachToaster } from '../lib/notify.js';
import { toastLayer } from './toast-layer.js';
import './toasts.css';

/** Toasts at the top on small screens, bottom right on larger ones. */
function useToastPosition() {
  const query = '(min-width: 768px)';
  const [wide, setWide] = useState(() => window.matchMedia(query).matches);
  useEffect(() => {
    const media = window.matchMedia(query);
    const update = () => setWide(media.matches);
    media.addEventListener('change', update);
    return () => media.removeEventListener('change', update);
  }, []);
  return wide ? 'bottom-right' : 'top-center';
}

/** One toast at a time, 5 s, swipe right to dismiss, F8 focuses the region; above any open dialog. */
export default function SonnerToaster() {
  const position = useToastPosition();
  useEffect(
    () =>
      attachToaster(
        ({ kind, title, description, id }) => {
          toast.dismiss(); // a new toast replaces the one on screen
          toast[kind](title, { description, id });
        },
        (id) => toast.dismiss(id),
      ),
    [],
  );
  return createPortal(
    <Toaster
      position={position}
      visibleToasts={1}
      duration={TOAST_DURATION_MS}
      hotkey={['F8']}
      swipeDirections={['right']}
      closeButton
      theme="dark"
    />,
    toastLayer(),
  );
}
