import { DESKTOP_APP_ORIGIN } from '@stakedesk/shared/constants';

/** The renderer's origin, app://stakedesk, which the server's CORS rule lets call /api/admin/*. */
const origin = new URL(DESKTOP_APP_ORIGIN);
export const APP_SCHEME = origin.protocol.replace(/:$/, '');
export const APP_HOST = origin.host;
export const APP_ORIGIN = DESKTOP_APP_ORIGIN;
export const APP_ENTRY_URL = `${DESKTOP_APP_ORIGIN}/index.html`;
