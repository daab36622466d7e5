import type { Withdrawal } from '@stakedesk/shared/api-types';
import { formatDateTime, type DisplayLocale } from '@stakedesk/shared/format';
import { adminToken } from '../support/admin-api.js';
import { openPanelWithToken } from '../support/admin-panel.js';
import { withDatabase } from '../support/database.js';
import { fundedHolder } from '../support/chain.js';
import { requestWithdrawal, stakeThroughApi } from '../support/holder-api.js';
import { readState } from '../support/state.js';
import { expect, test } from '../support/test.js';

// Issue 39: in Portuguese every date and number of the panel was American ("12/5/2026, 3:20 AM",
// "1,003,325"), which a Brazilian reads as 12 May; the server's own actors were untranslated, and
// the audit log said the staking wallet signed what the hot wallet paid.
const TIME_ZONE = 'America/Sao_Paulo';
/** Above a thousand: grouped as the language groups ("1,800" or "1.800"). */
const STAKED = 2_000;
/** Audit entries' payout ids, far from the run's own: one per language. */
const POLICY_PAYOUT = { en: '424242', 'pt-BR': '424243' };
const short = (text: string) => `${text.slice(0, 4)}...${text.slice(-4)}`;

const WORDS = {
  en: {
    title: 'Admin Panel',
    withdrawalsTab: 'Withdrawals',
    auditTab: 'Audit Log',
    pending: 'Pending Withdrawals',
    summary: 'Summary',
    owed: '1,800 SDT',
    balance: /Staking Wallet Balance\d{1,3}(,\d{3})+(\.\d+)? SDT/,
    staked: /Total Staked\d{1,3}(,\d{3})+(\.\d+)? SDT/,
    policyActor: 'Automatic payouts',
    sent: `Sent automatic payout #${POLICY_PAYOUT.en}, paid and signed by the hot wallet`,
    prepared: `Prepared automatic payout #${POLICY_PAYOUT.en} for the hot wallet to pay and sign`,
  },
  'pt-BR': {
    title: 'Painel Administrativo',
    withdrawalsTab: 'Saques',
    auditTab: 'Registro de Auditoria',
    pending: 'Saques Pendentes',
    summary: 'Resumo',
    owed: '1.800 SDT',
    balance: /Saldo da Carteira de Staking\d{1,3}(\.\d{3})+(,\d+)? SDT/,
    staked: /Total em Stake\d{1,3}(\.\d{3})+(,\d+)? SDT/,
    policyActor: 'Pagamentos automáticos',
    sent: `Enviou o pagamento automático #${POLICY_PAYOUT['pt-BR']}, pago e assinado pela carteira quente`,
    prepared: `Preparou o pagamento automático #${POLICY_PAYOUT['pt-BR']} para a carteira quente pagar e assinar`,
  },
};

let wallet: string;
let withdrawal: Withdrawal;

/**
 * An automatic payout as the server audits it (server/src/audit/audit.ts: POLICY_ACTOR, no admin;
 * auto-payouts.test.ts proves the server writes these): the policy prepared it for the hot wallet,
 * which signed it and sent it. Written just before the log is read, so that it is on its first page.
 */
async function auditPolicyPayout(payoutId: string): Promise<string> {
  return withDatabase(readState().dataDir, async (client) => {
    const { rows } = await client.query<{ created_at: Date }>(
      `INSERT INTO audit_logs (admin_id, admin_username, action, entity_type, entity_id, after)
       VALUES (NULL, 'policy', 'payout.prepare', 'payout', $1, '{"status":"prepared"}'),
              (NULL, 'policy', 'payout.send', 'payout', $1, '{"status":"sent"}')
       RETURNING created_at`,
      [payoutId],
    );
    return rows[0]!.created_at.toISOString();
  });
}

test.beforeAll(async () => {
  const holder = await fundedHolder(10_000);
  wallet = holder.publicKey.toBase58();
  // Unstaked at once: the plan's 10% penalty leaves 1,800 to pay.
  withdrawal = await requestWithdrawal(holder, await stakeThroughApi(holder, 'Starter', STAKED));
});

for (const [language, words] of Object.entries(WORDS) as [DisplayLocale, (typeof WORDS)['en']][]) {
  test.describe(language, () => {
    test.use({ locale: language, timezoneId: TIME_ZONE });

    test('dates, amounts and counts are written as the language writes them, the server itself is named in it', async ({
      page,
    }, testInfo) => {
      await openPanelWithToken(page, words.title, await adminToken());
      const summary = page.getByRole('region', { name: words.summary });
      await expect(summary).toContainText(words.balance);
      await expect(summary).toContainText(words.staked);

      await page.getByRole('tab', { name: words.withdrawalsTab, exact: true }).click();
      const row = page
        .getByRole('region', { name: words.pending })
        .getByRole('row')
        .filter({ hasText: short(wallet) });
      await expect(row).toContainText(words.owed);
      await expect(row).toContainText(formatDateTime(withdrawal.requestedAt, TIME_ZONE, language));
      await page.screenshot({ path: testInfo.outputPath(`figures-withdrawals-${language}-1366.png`) });

      const when = formatDateTime(await auditPolicyPayout(POLICY_PAYOUT[language]), TIME_ZONE, language);
      await page.getByRole('tab', { name: words.auditTab }).click();
      for (const sentence of [words.sent, words.prepared]) {
        const entry = page.getByRole('row').filter({ hasText: sentence });
        await expect(entry).toContainText(words.policyActor);
        await expect(entry).toContainText(when);
        await expect(entry).not.toContainText('policy');
      }
      await page.screenshot({ path: testInfo.outputPath(`figures-audit-${language}-1366.png`) });
    });
  });
}
