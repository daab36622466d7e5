import type { Router } from 'express';
import type { Dependencies } from '../dependencies.js';
import { tableRouter } from '../http/mount.js';
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
  const { router, mount } = tableRouter('/api/admin/me');
  mount('GET /api/admin/me', async (_input, res) => {
    res.json(await me(deps, currentAdmin(res)));
  });
  mount('POST /api/admin/me/two-factor/setup', async (_input, res) => {
    res.json(await setUpTwoFactor(deps, currentAdmin(res), issuer));
  });
  mount('POST /api/admin/me/two-factor/enable', async ({ body }, res) => {
    res.json(await enableTwoFactor(deps, currentAdmin(res), body()));
  });
  mount('POST /api/admin/me/two-factor/disable', async ({ body }, res) => {
    const input = body();
    const actor = currentAdmin(res);
    await disableTwoFactor(deps, actor, stepUpFor(actor, input));
    res.status(204).end();
  });
  mount('POST /api/admin/me/password', async ({ body }, res) => {
    const input = body();
    const actor = currentAdmin(res);
    await changeOwnPassword(deps, actor, input, stepUpFor(actor, input, { passwordOnly: true }));
    res.status(204).end();
  });
  mount('POST /api/admin/me/sign-out-everywhere', async (_input, res) => {
    res.json(await signOutEverywhere(deps, currentAdmin(res)));
  });
  mount('POST /api/admin/me/logout', async (_input, res) => {
    await logout(deps, currentAdmin(res));
    res.status(204).end();
  });
  mount('GET /api/admin/me/passkeys', async (_input, res) => {
    res.json(await passkeysOf(deps, currentAdmin(res)));
  });
  mount('POST /api/admin/me/passkeys/options', async (_input, res) => {
    res.json(await newPasskeyOptions(deps, rp, currentAdmin(res)));
  });
  mount('POST /api/admin/me/passkeys/step-up-options', async (_input, res) => {
    res.json(await stepUpOptions(deps, rp, currentAdmin(res)));
  });
  mount('POST /api/admin/me/passkeys', async ({ body }, res) => {
    const input = body();
    const actor = currentAdmin(res);
    res.status(201).json(await addPasskey(deps, rp, actor, input, stepUpFor(actor, input)));
  });
  mount('PATCH /api/admin/me/passkeys/:id', async ({ params, body }, res) => {
    const id = params().id;
    const input = body();
    res.json(await renameOwnPasskey(deps, currentAdmin(res), id, input.name));
  });
  mount('DELETE /api/admin/me/passkeys/:id', async ({ params, body }, res) => {
    const id = params().id;
    const input = body();
    const actor = currentAdmin(res);
    await removePasskey(deps, actor, id, stepUpFor(actor, input));
    res.status(204).end();
  });
  return router;
}
