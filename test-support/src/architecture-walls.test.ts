import { ESLint } from 'eslint';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// Each wall of ARCHITECTURE.md, broken once on purpose: the repository's own lint config must refuse it.
const repoRoot = fileURLToPath(new URL('../..', import.meta.url));
const eslint = new ESLint({ cwd: repoRoot });

async function wallErrors(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? [])
    .filter((m) => m.ruleId === 'no-restricted-imports' || m.ruleId === 'no-restricted-syntax' || m.ruleId === 'import-x/no-cycle')
    .map((m) => m.message);
}

describe('architecture walls', () => {
  it.each([
    ['shared imports no app', 'shared/src/scratch.ts', "import { app } from '../../server/src/app.js';\nexport const x = app;\n"],
    ['shared imports no framework', 'shared/src/scratch.ts', "import express from 'express';\nexport const x = express;\n"],
    [
      'routes import no model',
      'server/src/stakes/scratch.routes.ts',
      "import { Stake } from './stake.model.js';\nexport const x = Stake;\n",
    ],
    [
      'routes run no SQL',
      'server/src/stakes/scratch.routes.ts',
      "export const x = (db: { query(q: string): void }) => db.query('SELECT 1');\n",
    ],
    [
      'holder features load no panel',
      'web/src/features/landing/Scratch.tsx',
      "import { AdminPanel } from '../../admin/shell/AdminPanel.js';\nexport const x = AdminPanel;\n",
    ],
    [
      'the app shell loads the panel only lazily',
      'web/src/app/Scratch.tsx',
      "import { AdminRoute } from '../admin/shell/AdminRoute.js';\nexport const x = AdminRoute;\n",
    ],
    ['holder features load no antd', 'web/src/features/landing/Scratch.tsx', "import { Button } from 'antd';\nexport const x = Button;\n"],
    [
      'components import no feature',
      'web/src/components/Scratch.tsx',
      "import { useSettings } from '../features/settings/api.js';\nexport const x = useSettings;\n",
    ],
    [
      'the browser library imports no catalogue (i18n translates what lib defines)',
      'web/src/lib/solana/scratch.ts',
      "import { enPages } from '../../i18n/en-pages.js';\nexport const x = enPages;\n",
    ],
    [
      'the panel imports no holder feature',
      'web/src/admin/Scratch.tsx',
      "import { WalletButton } from '../features/wallet/WalletButton.js';\nexport const x = WalletButton;\n",
    ],
    [
      'the panel builds no payout transaction',
      'web/src/admin/withdrawals/payout/Scratch.ts',
      "import { createTransferCheckedInstruction } from '@solana/spl-token';\nexport const x = createTransferCheckedInstruction;\n",
    ],
    [
      'the panel opens no chain connection',
      'web/src/admin/withdrawals/payout/Scratch.ts',
      "import { Connection } from '@solana/web3.js';\nexport const x = Connection;\n",
    ],
    [
      "the panel writes no figure but through its formatter (in the reader's language)",
      'web/src/admin/stakes/Scratch.ts',
      "import { formatExact } from '@stakedesk/shared/format';\nexport const x = formatExact('1000');\n",
    ],
    ['nor with toLocaleString', 'web/src/admin/stakes/Scratch.ts', 'export const x = (n: number) => n.toLocaleString();\n'],
    ['nor with an Intl formatter of its own', 'web/src/admin/stakes/Scratch.ts', "export const x = new Intl.NumberFormat('en-US');\n"],
    [
      'a panel tab imports no other tab',
      'web/src/admin/plans/Scratch.tsx',
      "import { StakesTab } from '../stakes/StakesTab.js';\nexport const x = StakesTab;\n",
    ],
    [
      'not even from a folder of its own',
      'web/src/admin/withdrawals/payout/Scratch.ts',
      "import { TokenConfigTab } from '../../settings/TokenConfigTab.js';\nexport const x = TokenConfigTab;\n",
    ],
    [
      'nor the shell that puts the tabs together',
      'web/src/admin/stakes/Scratch.ts',
      "import { ADMIN_TABS } from '../shell/admin-tabs.js';\nexport const x = ADMIN_TABS;\n",
    ],
    [
      "the panel's components import no tab",
      'web/src/admin/components/Scratch.tsx',
      "import { PlansTab } from '../plans/PlansTab.js';\nexport const x = PlansTab;\n",
    ],
    [
      "the panel's core imports no tab",
      'web/src/admin/core/queries/Scratch.ts',
      "import { useSavePlan } from '../../plans/api.js';\nexport const x = useSavePlan;\n",
    ],
    [
      'nor a component',
      'web/src/admin/core/session/Scratch.tsx',
      "import { CopyAddress } from '../../components/CopyAddress.js';\nexport const x = CopyAddress;\n",
    ],
    [
      'the files every folder of the panel uses import none of its folders',
      'web/src/admin/readable-error.ts',
      "import { ownServerUrl } from './core/api/own-server.js';\nexport const x = ownServerUrl;\n",
    ],
    ['its formatter neither', 'web/src/admin/format.ts', "import { TxLink } from './components/TxLink.js';\nexport const x = TxLink;\n"],
    [
      'the desktop app opens no chain connection either',
      'desktop/src/renderer/Scratch.ts',
      "import { type Connection } from '@solana/web3.js';\nexport type X = Connection;\n",
    ],
    [
      "a module reaches another's table through its functions, never its model",
      'server/src/accounts/scratch.ts',
      "import { adminsTable } from '../access/index.js';\nexport const x = adminsTable;\n",
    ],
    [
      'the server reaches paying a withdrawal through its front door only',
      'server/src/auto-payouts/scratch.ts',
      "import { preparePayout } from '../payouts/prepare.js';\nexport const x = preparePayout;\n",
    ],
    [
      'routes too',
      'server/src/withdrawals/scratch.routes.ts',
      "import { settlePayout } from '../payouts/settle.js';\nexport const x = settlePayout;\n",
    ],
    [
      'web tests reach no server source',
      'web/e2e/scratch.ts',
      "import { startTestChain } from '../../server/src/test/fixtures.js';\nexport const x = startTestChain;\n",
    ],
    [
      'desktop reaches no server',
      'desktop/e2e/scratch.ts',
      "import { x as y } from '@stakedesk/server/dist/main.js';\nexport const x = y;\n",
    ],
    [
      "desktop's browser suite takes no part of web's set-up",
      'desktop/e2e/scratch.ts',
      "import { startServer } from '../../web/e2e/support/global-setup.js';\nexport const x = startServer;\n",
    ],
    [
      'the demo sets the server up through its API, never its code',
      'demo/src/scratch.ts',
      "import { updateSettings } from '../../server/src/settings/settings.service.js';\nexport const x = updateSettings;\n",
    ],
    [
      'the standalone verifier takes no chain library',
      'verifier/src/scratch.ts',
      "import { Connection } from '@solana/web3.js';\nexport const x = Connection;\n",
    ],
    ['nor anything of the apps', 'verifier/src/scratch.ts', "import { app } from '../../server/src/app.js';\nexport const x = app;\n"],
    [
      'a module reaches another through its front door only',
      'server/src/treasury/scratch.ts',
      "import { expiryRound } from '../stakes/expiry.js';\nexport const x = expiryRound;\n",
    ],
    [
      'the files that put the modules together mount their routes, and reach nothing else behind a door',
      'server/src/app.ts',
      "import { expiryRound } from './stakes/expiry.js';\nexport const x = expiryRound;\n",
    ],
    [
      'the platform imports no module',
      'server/src/http/scratch.ts',
      "import { stakesOf } from '../stakes/stakes.service.js';\nexport const x = stakesOf;\n",
    ],
    [
      'not even from a migration, two folders down',
      'server/src/db/migrations/999-scratch.ts',
      "import { Settings } from '../../settings/settings.model.js';\nexport const x = Settings;\n",
    ],
    [
      'nor the files that put the modules together',
      'server/src/config.ts',
      "import { createApp } from './app.js';\nexport const x = createApp;\n",
    ],
    [
      "a service reaches the database it is handed, never a model's",
      'server/src/stakes/scratch.service.ts',
      "import { Stake } from './stake.model.js';\nexport const x = () => Stake.sequelize!.query('SELECT 1');\n",
    ],
    [
      'a model is bound to a database only in its table, a class per handle (never the exported class, for the whole process)',
      'server/src/stakes/stake.model.ts',
      "import { Model, type Sequelize } from 'sequelize';\nexport class Stake extends Model {}\nexport const bind = (db: Sequelize) => Stake.init({}, { sequelize: db });\n",
    ],
    [
      'nor by a service',
      'server/src/stakes/scratch.service.ts',
      "import type { Sequelize } from 'sequelize';\nimport { Stake } from './stake.model.js';\nexport const x = (db: Sequelize) => Stake.init({}, { sequelize: db });\n",
    ],
    [
      'a route file neither',
      'server/src/stakes/scratch.routes.ts',
      "import { Router } from 'express';\nexport const x = (Model: { sequelize: unknown }) => [Router, Model.sequelize];\n",
    ],
    [
      'a route file mounts its routes from the route table',
      'server/src/stakes/scratch.routes.ts',
      "import { Router } from 'express';\nconst router = Router();\nrouter.get('/stakes/scratch', (_req, res) => res.end());\nexport const x = router;\n",
    ],
    [
      'nor a route chained on a new router',
      'server/src/stakes/scratch.routes.ts',
      "import { Router } from 'express';\nexport const x = Router().post('/stakes/scratch', (_req, res) => res.end());\n",
    ],
    [
      'no module-level let in the server (two servers in one process would share it)',
      'server/src/stakes/scratch.ts',
      'let listening = false;\nexport const x = () => listening;\n',
    ],
    ['nor an exported one', 'server/src/stakes/scratch.ts', 'export let listening = false;\n'],
    ['nor in a route file', 'server/src/stakes/scratch.routes.ts', 'let calls = 0;\nexport const x = () => (calls += 1);\n'],
    [
      'the database handle is named db, not for its library',
      'server/src/stakes/scratch.ts',
      'export const x = (sequelize: unknown) => sequelize;\n',
    ],
    [
      'a table named in SQL outside its owner (plans reading withdrawals)',
      'server/src/plans/scratch.ts',
      "export const x = (db: { query(q: string): void }) => db.query('SELECT id FROM withdrawals WHERE stake_id = 1');\n",
    ],
    [
      'nor in a template, nor by a file beside app.ts',
      'server/src/scratch.ts',
      'export const x = (id: number) => `UPDATE payouts SET id = ${id}`;\n',
    ],
    [
      'only a test hashes admin passwords at a cheaper cost',
      'server/src/scratch.ts',
      "import { PasswordWorker } from './access/index.js';\nexport const x = new PasswordWorker(4);\n",
    ],
    // A circle needs a file that is imported back: an existing file is linted with one import more.
    [
      'no import circle (the signer contract taking the key file signer that implements it)',
      'server/src/signer/payout-signer.ts',
      "import { keyfileSigner } from './keyfile-signer.js';\nexport const x = keyfileSigner;\n",
    ],
    [
      'no import circle in the browser code either',
      'web/src/lib/wallet/phantom.ts',
      "import { installedWallets } from './installed-wallets.js';\nexport const x = installedWallets;\n",
    ],
  ])('%s', async (_wall, filePath, code) => {
    expect(await wallErrors(filePath, code)).not.toEqual([]);
  });

  it('lets the allowed imports through', async () => {
    expect(
      await wallErrors(
        'desktop/e2e/scratch.ts',
        "import { startServer } from '@stakedesk/test-support/browser/server-process';\nexport const x = startServer;\n",
      ),
    ).toEqual([]);
    expect(
      await wallErrors(
        'web/e2e/scratch.ts',
        "import { startTestChain } from '@stakedesk/test-support/test-chain';\nexport const x = startTestChain;\n",
      ),
    ).toEqual([]);
    expect(
      await wallErrors(
        'web/src/admin/Scratch.tsx',
        "import { installedWallets } from '../lib/wallet/installed-wallets.js';\nexport const x = installedWallets;\n",
      ),
    ).toEqual([]);
    // A tab builds on the panel's core, its components and the shared files, and on its own folders.
    expect(
      await wallErrors(
        'web/src/admin/plans/Scratch.tsx',
        "import { useAdminClient } from '../core/session/session.js';\nimport { CopyAddress } from '../components/CopyAddress.js';\nimport { useAdminI18n } from '../i18n.js';\nimport { useToast } from '../toast.js';\nimport { useSavePlan } from './api.js';\nexport const x = [useAdminClient, CopyAddress, useAdminI18n, useToast, useSavePlan];\n",
      ),
    ).toEqual([]);
    expect(
      await wallErrors(
        'web/src/admin/withdrawals/payout/Scratch.ts',
        "import { withQuery } from '../../core/api/admin-client.js';\nimport { withPolicy } from '../auto-payouts/api.js';\nexport const x = [withQuery, withPolicy];\n",
      ),
    ).toEqual([]);
    expect(
      await wallErrors('web/src/i18n/scratch.ts', "import { ApiError } from '../lib/api-client.js';\nexport const x = ApiError;\n"),
    ).toEqual([]);
    // Signing what the server prepared needs web3.js's Transaction, never a connection.
    expect(
      await wallErrors(
        'web/src/admin/withdrawals/payout/Scratch.ts',
        "import { Transaction } from '@solana/web3.js';\nexport const x = Transaction;\n",
      ),
    ).toEqual([]);
    expect(
      await wallErrors(
        'server/src/auto-payouts/scratch.ts',
        "import { followPayouts } from '../payouts/index.js';\nexport const x = followPayouts;\n",
      ),
    ).toEqual([]);
    expect(
      await wallErrors('server/src/payouts/scratch.ts', "import { preparePayout } from './prepare.js';\nexport const x = preparePayout;\n"),
    ).toEqual([]);
    // The verifier's runtime: Node, the shared rules and its own files; its tests build chain transactions.
    expect(
      await wallErrors(
        'verifier/src/scratch.ts',
        "import { readFile } from 'node:fs/promises';\nimport { verifyReservesProof } from '@stakedesk/shared/reserves/verify';\nimport { lines } from './lines.js';\nexport const x = [readFile, verifyReservesProof, lines];\n",
      ),
    ).toEqual([]);
    expect(
      await wallErrors('verifier/src/scratch.test.ts', "import { Connection } from '@solana/web3.js';\nexport const x = Connection;\n"),
    ).toEqual([]);
    expect(
      await wallErrors(
        'server/src/app.ts',
        "import { stakesAdminRoutes } from './stakes/stakes.routes.js';\nimport { expiryRound } from './stakes/index.js';\nexport const x = [stakesAdminRoutes, expiryRound];\n",
      ),
    ).toEqual([]);
    expect(
      await wallErrors(
        'server/src/treasury/scratch.ts',
        "import { loadSettings } from '../settings/index.js';\nexport const x = loadSettings;\n",
      ),
    ).toEqual([]);
    // The platform uses itself; a module uses the platform.
    expect(
      await wallErrors(
        'server/src/sql/scratch.ts',
        "import { isInvalidDatetime } from '../db/errors.js';\nimport { createLogger } from '../logger.js';\nimport { memo } from './memo.js';\nexport const x = [isInvalidDatetime, createLogger, memo];\n",
      ),
    ).toEqual([]);
    expect(
      await wallErrors('server/src/stakes/scratch.ts', "import { pageOf } from '../sql/list-page.js';\nexport const x = pageOf;\n"),
    ).toEqual([]);
    expect(
      await wallErrors('server/src/stakes/scratch.service.ts', "import { Stake } from './stake.model.js';\nexport const x = Stake;\n"),
    ).toEqual([]);
    expect(
      await wallErrors(
        'server/src/stakes/stake.model.ts',
        "import { Model } from 'sequelize';\nimport { tableModel } from '../db/table-model.js';\nclass Stake extends Model {}\nexport const stakesTable = tableModel(Stake, {}, { tableName: 'stakes' });\n",
      ),
    ).toEqual([]);
    // A `let` inside a function is the call's own; a test file's is the test's.
    expect(
      await wallErrors('server/src/stakes/scratch.ts', 'export const x = () => {\n  let calls = 0;\n  return () => (calls += 1);\n};\n'),
    ).toEqual([]);
    expect(await wallErrors('server/src/stakes/scratch.test.ts', 'let api = 0;\nexport const x = () => api;\n')).toEqual([]);
  });
});
