import { describe, expect, it } from 'vitest';
import type { SecurityChange } from '@stakedesk/shared/api-types';
import { adminEn, type AdminMessageKey } from '../../../i18n/admin-en.js';
import { adminPtBR } from '../../../i18n/admin-pt-BR.js';
import { isOwnChange, securityNotice } from './security-change.js';

const ALL_CHANGES: SecurityChange[] = [
  'settings.stakingWallet',
  'settings.tokenContract',
  'settings.rpcProvider',
  'settings.holderRpcUrl',
  'settings.requireTwoFactorOff',
  'admin.create',
  'admin.role',
  'admin.password',
  'admin.username',
  'admin.email',
  'twoFactor.disable',
  'settings.requirePasskeysForOwnersOff',
  'passkey.add',
  'passkey.remove',
];

const translate = (catalogue: Record<AdminMessageKey, string>) => (key: AdminMessageKey, values?: Record<string, string | number>) =>
  catalogue[key].replace(/\{(\w+)\}/g, (match, name: string) => String(values?.[name] ?? match));

const event = (changes: SecurityChange[], adminId = 7) => ({ type: 'security.changed' as const, changes, adminUsername: 'alice', adminId });

describe('a security change announced by the event stream', () => {
  it('names who changed what, in English', () => {
    expect(securityNotice(translate(adminEn), event(['settings.stakingWallet', 'settings.rpcProvider']))).toEqual({
      title: 'Security change by alice',
      body: 'The staking wallet was changed. The RPC provider settings were changed.',
    });
  });

  it('says a change that waits for another owner was asked for, not made (DESIGN 17)', () => {
    expect(securityNotice(translate(adminEn), { ...event(['settings.stakingWallet']), changeRequestId: 12 })).toEqual({
      title: 'Change asked for by alice',
      body: "Request #12 waits for another owner's approval: see Requests.",
    });
  });

  it('has a readable sentence for every change, in both languages', () => {
    for (const catalogue of [adminEn, adminPtBR]) {
      for (const change of ALL_CHANGES) {
        const { body } = securityNotice(translate(catalogue), event([change]));
        expect(body).toMatch(/^[A-ZÁÉÍÓÚ].{10,}\.$/);
        expect(body).not.toContain(change);
      }
    }
    expect(securityNotice(translate(adminPtBR), event(['admin.create'])).title).toBe('Alteração de segurança por alice');
  });

  it('is not announced to the admin who made it', () => {
    expect(isOwnChange(event(['admin.create'], 7), 7)).toBe(true);
    expect(isOwnChange(event(['admin.create'], 7), 8)).toBe(false);
    expect(isOwnChange(event(['admin.create'], 7), undefined)).toBe(false);
  });
});
