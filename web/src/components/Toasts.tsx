import { lazy, Suspense, useEffect, useState } from 'react';
import { onToasterRequested } from '../lib/notify.js';

const SonnerToaster = lazy(() => import('./SonnerToaster.js'));

/** Mounts the toast library on the first notification only. */
export function Toasts() {
  const [needed, setNeeded] = useState(false);
  useEffect(() => onToasterRequested(() => setNeeded(true)), []);
  return needed ? (
    <Suspense fallback={null}>
      <SonnerToaster />
    </Suspense>
  ) : null;
}
