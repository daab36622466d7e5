import { useState } from 'react';
import { AdminPanel } from './AdminPanel.js';
import { browserPlatform } from '../browser-platform.js';

/** /admin in the browser: the panel with the browser's services (a lazy chunk of its own). */
export function AdminRoute() {
  const [platform] = useState(browserPlatform);
  return <AdminPanel platform={platform} />;
}
