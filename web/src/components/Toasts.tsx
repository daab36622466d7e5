import { lazy, Suspense, useEffect, useState } from 'react';
import { onToasterRequested } from '../lib/notify.js';
import { LoadBoundary } from './LoadBoundary.js';
import { PlainToasts } from './PlainToasts.js';

const SonnerToaster = lazy(() => import('./SonnerToaster.js'));

/** Mounts the toast library on the first notification only; plain toasts if it cannot be loaded then. */
export function Toasts() {
  const [needed, setNeeded] = useState(false);
  useEffect(() => onToasterRequested(() => setNeeded(true)), []);
  return needed ? (
    <LoadBoundary placement="overlay" fallback={<PlainToasts />}>
      <Suspense fallback={null}>
        <SonnerToaster />
      </Suspense>
    </LoadBoundary>
  ) : null;
}
