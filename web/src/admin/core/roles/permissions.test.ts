import { describe, expect, it } from 'vitest';
import { roleRequired, roleRequiredMessage } from '@stakedesk/shared/messages';
import { ADMIN_ROUTES } from '@stakedesk/shared/admin-routes';
import { ADMIN_ROLES, roleAllows, type AdminRole } from '@stakedesk/shared/roles';
import { adminEn, type AdminMessageKey } from '../../../i18n/admin-en.js';
import { translateCoded } from '../../../i18n/server-messages.js';
import { ACTION_ROLE, ACTION_ROUTES, permissionFor, type PanelAction } from './permissions.js';

const ACTIONS = Object.keys(ACTION_ROLE) as PanelAction[];

describe("the panel's controls by role", () => {
  it.each<[AdminRole, PanelAction[]]>([
    ['owner', ACTIONS],
    ['operator', ['withdrawals.process', 'withdrawals.approve', 'plans.manage', 'stakes.updateExpired']],
    ['viewer', []],
  ])('%s may use exactly %j', (role, allowed) => {
    expect(ACTIONS.filter((action) => permissionFor(role, action).allowed)).toEqual(allowed);
  });

  it('a refusal names the least role that would do', () => {
    expect(permissionFor('viewer', 'withdrawals.process')).toEqual({ allowed: false, needs: 'operator' });
    expect(permissionFor('viewer', 'settings.save')).toEqual({ allowed: false, needs: 'owner' });
    expect(permissionFor('operator', 'admins.manage')).toEqual({ allowed: false, needs: 'owner' });
    expect(permissionFor('operator', 'withdrawals.resolve')).toEqual({ allowed: false, needs: 'owner' });
  });

  it('every action needs a known role', () => {
    for (const action of ACTIONS) expect(ADMIN_ROLES).toContain(ACTION_ROLE[action]);
  });

  it("takes each action's role from the route table, as the server checks it", () => {
    for (const action of ACTIONS) {
      const needs = ACTION_ROUTES[action].map((route) => ADMIN_ROUTES[route].role);
      expect(needs, action).toContain(ACTION_ROLE[action]);
      for (const role of needs) expect(roleAllows(ACTION_ROLE[action], role), action).toBe(true);
    }
    expect(ACTION_ROLE['settings.save']).toBe(ADMIN_ROUTES['PUT /api/admin/settings'].role);
  });
});

describe("the role refusal's words", () => {
  it.each(ADMIN_ROLES)('the English catalogue says what the server says for %s', (role) => {
    const t = (key: AdminMessageKey, values?: Record<string, string | number>) =>
      adminEn[key].replace(/\{(\w+)\}/g, (match, name: string) => String(values?.[name] ?? match));
    expect(translateCoded(t, roleRequired(role))).toBe(roleRequiredMessage(role));
  });
});
