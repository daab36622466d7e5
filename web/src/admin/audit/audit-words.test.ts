import { describe, expect, it } from 'vitest';
import type { AuditLogEntry } from '@stakedesk/shared/api-types';
import { LOGGED_AUDIT_ACTIONS } from '@stakedesk/shared/audit-actions';
import { adminEn, type AdminMessageKey } from '../../i18n/admin-en.js';
import { adminPtBR } from '../../i18n/admin-pt-BR.js';
import { adminFormat } from '../format.js';
import { actorName, describeAuditEntry, SENTENCES } from './audit-words.js';

const translator = (catalogue: Record<AdminMessageKey, string>) => (key: AdminMessageKey, values?: Record<string, string | number>) =>
  catalogue[key].replace(/\{(\w+)\}/g, (match, name: string) => String(values?.[name] ?? match));

const entry = (action: string, data: Partial<AuditLogEntry> = {}): AuditLogEntry => ({
  id: 1,
  adminId: 1,
  adminUsername: 'root',
  action,
  entityType: action.split('.')[0]!,
  entityId: '4',
  before: null,
  after: null,
  createdAt: '2025-01-01T00:00:00.000Z',
  ...data,
});

describe('audit entries in words', () => {
  const en = translator(adminEn);
  const pt = translator(adminPtBR);
  const inEnglish = adminFormat('en');
  const inPortuguese = adminFormat('pt-BR');
  const describe_ = (t: typeof en, data: AuditLogEntry) => describeAuditEntry(t, t === pt ? inPortuguese : inEnglish, data);

  it('names the thing changed from the entry’s before or after data', () => {
    expect(describe_(en, entry('plan.delete', { before: { name: 'Growth' } }))).toBe('Deleted plan Growth (#4)');
    expect(describe_(pt, entry('plan.delete', { before: { name: 'Growth' } }))).toBe('Excluiu o plano Growth (#4)');
    expect(describe_(en, entry('plan.create', { after: { name: 'Gold' } }))).toBe('Created plan Gold (#4)');
    const hook = { url: 'https://hooks.slack.com/…' };
    expect(describe_(en, entry('webhook.delete', { before: hook }))).toBe('Deleted alert webhook https://hooks.slack.com/… (#4)');
    expect(describe_(pt, entry('webhook.create', { after: hook }))).toBe('Adicionou o webhook de alerta https://hooks.slack.com/… (#4)');
    expect(describe_(en, entry('admin.create', { after: { username: 'alice' } }))).toBe('Added admin alice (#4)');
  });

  it('tells a plan switched on from one switched off', () => {
    expect(describe_(en, entry('plan.toggle', { after: { name: 'Gold', isActive: false } }))).toBe('Deactivated plan Gold (#4)');
    expect(describe_(pt, entry('plan.toggle', { after: { name: 'Gold', isActive: true } }))).toBe('Ativou o plano Gold (#4)');
  });

  it('falls back to the id, and to the counted figure where there is one', () => {
    expect(describe_(en, entry('withdrawal.reject'))).toBe('Rejected withdrawal #4');
    expect(describe_(en, entry('stakes.expire', { entityId: null, after: { updatedCount: 3 } }))).toBe('Completed expired stakes: 3');
    expect(describe_(en, entry('settings.update', { entityId: '1' }))).toBe('Updated the platform settings');
  });

  it("says what happened to a payout the server built, and an owner's review of one", () => {
    expect(describe_(en, entry('payout.prepare'))).toBe('Prepared payout #4 for the staking wallet to sign');
    expect(describe_(en, entry('payout.sign_refused'))).toBe('Refused a signed copy of payout #4: not the transaction prepared');
    expect(describe_(en, entry('payout.needs_review'))).toBe("Payout #4 needs an owner's review");
    expect(describe_(pt, entry('withdrawal.resolve_release'))).toBe('Liberou o saque #4 após revisão');
  });

  it('shows an action it does not know in readable words, never as its raw code', () => {
    expect(describe_(en, entry('plan.archive_all', { before: { name: 'Gold' } }))).toBe('Plan archive all: Gold (#4)');
    expect(describe_(en, entry('report.export', { entityId: null }))).toBe('Report export');
  });

  it('has a sentence in both languages for every action the log may hold, the server’s own and older ones', () => {
    const switchedOn = { after: { name: 'Gold', isActive: true } };
    const switchedOff = { after: { name: 'Gold', isActive: false } };
    for (const action of LOGGED_AUDIT_ACTIONS) {
      const { key } = SENTENCES[action];
      const keys = typeof key === 'function' ? [key(entry(action, switchedOn)), key(entry(action, switchedOff))] : [key];
      for (const sentenceKey of keys) {
        expect(adminEn[sentenceKey].trim(), `${action} in English`).not.toBe('');
        expect(adminPtBR[sentenceKey].trim(), `${action} in Portuguese`).not.toBe('');
      }
      for (const translate of [en, pt]) {
        const words = describe_(translate, entry(action, switchedOn));
        expect(words, action).not.toMatch(/[{}]/);
        expect(words, action).not.toContain(action);
        expect(words.startsWith(`${action.charAt(0).toUpperCase()}${action.slice(1).replace(/[._-]+/g, ' ')}`), action).toBe(false);
      }
    }
  });

  it('says an automatic payout was paid and signed by the hot wallet, not the staking wallet', () => {
    // As the server writes them (server/src/audit/audit.ts: POLICY_ACTOR): no admin, actor "policy".
    const byPolicy = { adminId: null, adminUsername: 'policy' };
    expect(describe_(en, entry('payout.send', byPolicy))).toBe('Sent automatic payout #4, paid and signed by the hot wallet');
    expect(describe_(pt, entry('payout.send', byPolicy))).toBe('Enviou o pagamento automático #4, pago e assinado pela carteira quente');
    expect(describe_(en, entry('payout.prepare', byPolicy))).toBe('Prepared automatic payout #4 for the hot wallet to pay and sign');
    expect(describe_(pt, entry('payout.prepare', byPolicy))).toBe(
      'Preparou o pagamento automático #4 para a carteira quente pagar e assinar',
    );
    // An operator's payout is the staking wallet's, whatever the operator is called.
    expect(describe_(en, entry('payout.send'))).toBe('Sent payout #4, signed by the staking wallet');
    expect(describe_(en, entry('payout.send', { adminId: 7, adminUsername: 'policy' }))).toBe(
      'Sent payout #4, signed by the staking wallet',
    );
  });

  it('names the server itself in the reader’s words, and an admin by username (even one called "system")', () => {
    expect(actorName(en, { adminId: null, adminUsername: 'policy' })).toBe('Automatic payouts');
    expect(actorName(pt, { adminId: null, adminUsername: 'policy' })).toBe('Pagamentos automáticos');
    expect(actorName(en, { adminId: null, adminUsername: 'system' })).toBe('System');
    expect(actorName(pt, { adminId: null, adminUsername: 'system' })).toBe('Sistema');
    expect(actorName(pt, { adminId: 3, adminUsername: 'system' })).toBe('system');
    expect(actorName(pt, { adminId: 1, adminUsername: 'root' })).toBe('root');
  });

  it('writes a counted figure as the reader’s language does', () => {
    const expired = entry('stakes.expire', { entityId: null, after: { updatedCount: 1003325 } });
    expect(describe_(en, expired)).toBe('Completed expired stakes: 1,003,325');
    expect(describe_(pt, expired)).toBe('Stakes expirados concluídos: 1.003.325');
  });

  it('says the mint was read, not "Settings mint read"', () => {
    expect(describe_(en, entry('settings.mint_read', { entityId: '1' }))).toBe(
      "Updated the token's program, decimals, fee and freeze authority as read from its mint",
    );
  });
});
