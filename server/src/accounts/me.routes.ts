import { Router } from 'express';
import type { Dependencies } from '../dependencies.js';
import { idParamSchema } from '@stakedesk/shared/schemas';
import { parse, parseBody } from '../http/validate.js';
import type { RelyingParty } from '../access/index.js';
import { changeOwnPassword, logout, me, signOutEverywhere } from './account.service.js';
import { addPasskey, newPasskeyOptions, passkeysOf, removePasskey, renameOwnPasskey, stepUpOptions } from './passkeys.service.js';
import { disableTwoFactor, enableTwoFactor, setUpTwoFactor } from './two-factor.service.js';
import type { StepUpFor } from '../http/step-up-contract.js';
import { currentAdmin } from '../http/signed-in-admin.js';

/**
 * /api/admin/me*: the signed-in admin's own account. Every role may use it, and so may a
 * session that must set up two-factor before anything else.
 */
export function meRoutes(deps: Dependencies, issuer: string, rp: RelyingParty, stepUpFor: StepUpFor): Router {
  const router = Router();
  router.get('/', async (_req, res) => {
    res.json(await me(deps, currentAdmin(res)));
  });
  router.post('/two-factor/setup', async (_req, res) => {
    res.json(await setUpTwoFactor(deps, currentAdmin(res), issuer));
  });
  router.post('/two-factor/enable', async (req, res) => {
    res.json(await enableTwoFactor(deps, currentAdmin(res), parseBody('POST /api/admin/me/two-factor/enable', req.body)));
  });
  router.post('/two-factor/disable', async (req, res) => {
    const input = parseBody('POST /api/admin/me/two-factor/disable', req.body);
    const actor = currentAdmin(res);
    await disableTwoFactor(deps, actor, stepUpFor(actor, input));
    res.status(204).end();
  });
  router.post('/password', async (req, res) => {
    const input = parseBody('POST /api/admin/me/password', req.body);
    const actor = currentAdmin(res);
    await changeOwnPassword(deps, actor, input, stepUpFor(actor, input, { passwordOnly: true }));
    res.status(204).end();
  });
  router.post('/sign-out-everywhere', async (_req, res) => {
    res.json(await signOutEverywhere(deps, currentAdmin(res)));
  });
  router.post('/logout', async (_req, res) => {
    await logout(deps, currentAdmin(res));
    res.status(204).end();
  });
  router.get('/passkeys', async (_req, res) => {
    res.json(await passkeysOf(deps, currentAdmin(res)));
  });
  router.post('/passkeys/options', async (_req, res) => {
    res.json(await newPasskeyOptions(deps, rp, currentAdmin(res)));
  });
  router.post('/passkeys/step-up-options', async (_req, res) => {
    res.json(await stepUpOptions(deps, rp, currentAdmin(res)));
  });
  router.post('/passkeys', async (req, res) => {
    const input = parseBody('POST /api/admin/me/passkeys', req.body);
    const actor = currentAdmin(res);
    res.status(201).json(await addPasskey(deps, rp, actor, input, stepUpFor(actor, input)));
  });
  router.patch('/passkeys/:id', async (req, res) => {
    const id = parse(idParamSchema, req.params).id;
    const input = parseBody('PATCH /api/admin/me/passkeys/:id', req.body);
    res.json(await renameOwnPasskey(deps, currentAdmin(res), id, input.name));
  });
  router.delete('/passkeys/:id', async (req, res) => {
    const id = parse(idParamSchema, req.params).id;
    const input = parseBody('DELETE /api/admin/me/passkeys/:id', req.body ?? {});
    const actor = currentAdmin(res);
    await removePasskey(deps, actor, id, stepUpFor(actor, input));
    res.status(204).end();
  });
  return router;
}
