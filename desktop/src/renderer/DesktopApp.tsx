import { Spin } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { AdminPanel } from '../../../web/src/admin/shell/AdminPanel.js';
import type { StakedeskBridge } from '../shared/bridge.js';
import { desktopPlatform } from './desktop-platform.js';
import { ServerSetup } from './setup/ServerSetup.js';

/**
 * The window's content: the server setup screen on the first run (and when the menu's Change
 * server URL… asks for it), otherwise the same admin panel as the browser's /admin.
 */
export function DesktopApp({ bridge }: { bridge: StakedeskBridge }) {
  const [serverUrl, setServerUrl] = useState<string | null>();
  const [changing, setChanging] = useState(false);

  useEffect(() => {
    bridge.serverUrlGet().then(setServerUrl, () => setServerUrl(null));
    return bridge.onServerSetupRequested(() => setChanging(true));
  }, [bridge]);

  const platform = useMemo(() => (serverUrl ? desktopPlatform(bridge, serverUrl) : null), [bridge, serverUrl]);

  if (serverUrl === undefined) return <Spin fullscreen />;
  if (!platform || changing) {
    return <ServerSetup bridge={bridge} current={serverUrl} onCancel={platform ? () => setChanging(false) : undefined} />;
  }
  return <AdminPanel platform={platform} />;
}
