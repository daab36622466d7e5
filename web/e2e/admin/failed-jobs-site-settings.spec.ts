import { adminToken } from '../support/admin-api.js';
import { openPanelWithToken } from '../support/admin-panel.js';
import { expectAccessible } from '../support/axe.js';
import { withDatabase } from '../support/database.js';
import { readState } from '../support/state.js';
import { expect, test } from '../support/test.js';

// A failed job warns on every tab of every admin, so this runs in the site-settings project, alone.
// The failure is written where pg-boss writes one: a row of the queue's table in the server's database.
const ERROR = 'getSignaturesForAddress: the RPC answered 502 Bad Gateway';
// The chain's refusal keeps its reason by code (ChainUnavailableError.reason): read in the reader's language.
const CODED = {
  name: 'ChainUnavailableError',
  message: 'The blockchain network cannot be reached right now',
  reason: { code: 'chainUnavailable' },
};

const WORDS = {
  en: {
    title: 'Admin Panel',
    warning: 'Background jobs failed in the last 24 hours',
    line: new RegExp(`^Deposit detection — failures: 1; the last at .+: ${ERROR}$`),
    coded:
      /^Following payouts on chain — failures: 1; the last at .+: The blockchain network cannot be reached right now; please retry shortly$/,
  },
  'pt-BR': {
    title: 'Painel Administrativo',
    warning: 'Tarefas em segundo plano falharam nas últimas 24 horas',
    line: new RegExp(`^Detecção de depósitos — falhas: 1; a última em .+: ${ERROR}$`),
    coded:
      /^Acompanhamento de pagamentos na blockchain — falhas: 1; a última em .+: A rede blockchain não pode ser acessada agora; tente novamente em instantes$/,
  },
};

let failedJobs: string[] = [];
test.beforeAll(async () => {
  failedJobs = await withDatabase(readState().dataDir, async (client) => {
    const { rows } = await client.query<{ id: string }>(
      `INSERT INTO pgboss.job (name, state, started_on, completed_on, output)
       VALUES ('deposit-detection', 'failed', now() - interval '6 minutes', now() - interval '5 minutes', $1),
              ('follow-payouts', 'failed', now() - interval '4 minutes', now() - interval '3 minutes', $2) RETURNING id`,
      [JSON.stringify({ name: 'Error', message: `${ERROR}\n    at followDeposits (deposit-follower.js:120:11)` }), JSON.stringify(CODED)],
    );
    return rows.map((row) => row.id);
  });
});
test.afterAll(async () => {
  await withDatabase(readState().dataDir, (client) => client.query('DELETE FROM pgboss.job WHERE id = ANY($1)', [failedJobs]));
});

for (const [language, words] of Object.entries(WORDS)) {
  test.describe(language, () => {
    test.use({ locale: language });

    test('a job that failed in the last 24 hours shows above the tabs: which, how often, when, and why: by its code, else the error’s first line', async ({
      page,
    }, testInfo) => {
      await openPanelWithToken(page, words.title, await adminToken());
      const warning = page.getByRole('alert').filter({ hasText: words.warning });
      await expect(warning).toBeVisible();
      await expect(warning.getByRole('listitem')).toHaveText([words.coded, words.line]);
      await expect(warning).toBeInViewport();
      await expectAccessible(page, '.ant-alert');
      await page.screenshot({ path: testInfo.outputPath(`failed-jobs-${language}-1366.png`) });
      await page.setViewportSize({ width: 390, height: 844 });
      await expect(warning).toBeInViewport();
      await page.screenshot({ path: testInfo.outputPath(`failed-jobs-${language}-390.png`) });
    });
  });
}
