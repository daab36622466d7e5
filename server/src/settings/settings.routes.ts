import { type Router, json, type Request } from 'express';
import { holderRpcUrlRefusal } from '@stakedesk/shared/holder-rpc';
import type { Dependencies } from '../dependencies.js';
import { tableRouter } from '../http/mount.js';
import type { DemoSite } from '@stakedesk/shared/api-types';
import type { SolanaCluster } from '@stakedesk/shared/format';
import { derivedFrom } from '../cache/cached.js';
import { prepareJson, sendPrepared } from '../http/prepared-json.js';
import type { PublicRead } from '../http/public-read-lane.js';
import type { StepUpFor } from '../http/step-up-contract.js';
import { updateSettings, type SettingsChangeDeps } from './settings.service.js';
import { loadSettings, readSettings, toAdminSettings, toPublicSettings, type SettingsRead } from './stored-settings.js';
import { currentAdmin } from '../http/signed-in-admin.js';

const SETTINGS_BODY_LIMIT = '8mb'; // a 5 MB logo as base64, plus the other fields

/** GET /api/settings: the public settings, serialised once per settings version, not once per request. */
/** `demo`: what a demo server adds for the holder site (DESIGN 16); absent on any other server. */
export function settingsPublicRead({ database: db }: Dependencies, cluster: SolanaCluster, demo?: DemoSite): PublicRead {
  const publicJson = derivedFrom((read: SettingsRead) => prepareJson({ ...toPublicSettings(read, cluster), ...(demo && { demo }) }));
  return async (req, res) => sendPrepared(req, res, publicJson(await readSettings(db)));
}

/** Where the server answers and whether a local chain may be the holders' endpoint (holder-rpc.ts). */
export type HolderRpcRule = { publicUrl: string; allowPrivateRpc: boolean };

export function settingsAdminRoutes(
  { database: db, chain }: Dependencies,
  stepUpFor: StepUpFor,
  cluster: SolanaCluster,
  fromApp: Pick<SettingsChangeDeps, 'rpc' | 'liveStakes' | 'ownersWithoutPasskey' | 'ownerCount'>,
  { publicUrl, allowPrivateRpc }: HolderRpcRule,
  demo?: DemoSite,
): Router {
  // The site's own host, and the one this request came to (the same server under another name).
  const refuseHolderRpcUrlFor = (req: Request) => (url: string) =>
    holderRpcUrlRefusal(url, { ownHosts: [new URL(publicUrl).host, req.get('host') ?? ''], allowHttp: allowPrivateRpc });
  const adminJson = (read: Parameters<typeof toAdminSettings>[0]) => ({ ...toAdminSettings(read, cluster), ...(demo && { demo }) });
  const { router, mount } = tableRouter('/api/admin');
  mount('GET /api/admin/settings', async (_input, res) => {
    res.json(adminJson(await loadSettings(db)));
  });
  mount('PUT /api/admin/settings', json({ limit: SETTINGS_BODY_LIMIT }), async ({ body }, res, req) => {
    const input = body();
    const actor = currentAdmin(res);
    const deps: SettingsChangeDeps = { ...fromApp, refuseHolderRpcUrl: refuseHolderRpcUrlFor(req), chain };
    const { settings, changeRequest } = await updateSettings(db, input, actor, deps, stepUpFor(actor, input));
    const saved = adminJson(settings);
    // 202: part of the save waits for another owner's approval (DESIGN 17); the rest took effect.
    if (changeRequest) res.status(202).json({ changeRequest, settings: saved });
    else res.json(saved);
  });
  return router;
}
