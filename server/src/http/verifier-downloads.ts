import { existsSync } from 'node:fs';
import path from 'node:path';
import { Router } from 'express';
import { msg } from '@stakedesk/shared/i18n/catalogue';
import { notFound } from '../errors.js';

/** The packed verifier and its checksums, as `npm run build -w verifier` writes them (verifier/scripts/build.mjs). */
const FILES = /^(?:SHA256SUMS|stakedesk-verify-\d+\.\d+\.\d+\.tgz)$/;

/**
 * GET /verify/stakedesk-verify-<version>.tgz and /verify/SHA256SUMS (DESIGN 15): the verifier the
 * documentation tells holders to run with `npx --yes --package=<this site>/verify/…`, so the
 * command works as written without a registry. Not cached for long: a new build keeps the name.
 */
export function verifierDownloads(dir: string): Router {
  return Router().get('/verify/:file', (req, res) => {
    const { file } = req.params;
    const full = path.join(dir, file);
    if (!FILES.test(file) || !existsSync(full)) throw notFound(msg('verifierFileNotFound'));
    res
      .set('Cache-Control', 'no-cache')
      .type(file.endsWith('.tgz') ? 'application/gzip' : 'text/plain; charset=utf-8')
      .sendFile(full);
  });
}
