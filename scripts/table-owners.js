// Each table's owner, for the lint's table wall (eslint.config.js) and ARCHITECTURE.md's "Tables and
// their owners" (test-support/src/table-owners.test.ts holds the two, and the migrations, to this list).

/** The server folder that owns each table: the only one whose SQL names it. */
export const TABLE_OWNERS = {
  access: ['admins', 'admin_login_failures', 'admin_passkeys', 'admin_passkey_challenges', 'admin_recovery_codes'],
  alerts: ['webhooks', 'webhook_deliveries', 'webhook_delivery_attempts'],
  approvals: ['change_requests'],
  audit: ['audit_logs'],
  auth: ['sign_in_nonces', 'revoked_admin_sessions', 'revoked_holder_sessions'],
  'auto-payouts': ['auto_payout_state'],
  'books-audit': ['books_audits', 'audit_payout_findings', 'audit_payout_holds', 'database_identity'],
  outflows: ['treasury_outflows'],
  payouts: ['payouts', 'payout_withdrawals'],
  plans: ['staking_plans'],
  reserves: ['reserves_snapshots', 'reserves_anchors', 'reserves_leaves', 'reserves_tree_chunks', 'reserves_check_failures'],
  settings: ['settings'],
  stakes: ['stakes', 'stakes_due', 'deposit_intents', 'deposit_cursors', 'used_transactions'],
  totals: ['stake_counts', 'withdrawal_counts', 'holder_stake_totals'],
  treasury: ['alert_conditions'],
  withdrawals: ['withdrawals', 'withdrawal_overdue_alerts'],
  sql: ['rate_limits'],
};

const SQL_NAMING = '\\b(?:FROM|JOIN|UPDATE|INTO|TABLE)\\s+(?:';

/**
 * The lint's selectors refusing, in `folder`, SQL text (a string or a template's text) that names a
 * table of another owner: one selector per owner, naming it.
 */
export function foreignTableSelectors(folder) {
  const allowed = new Set(TABLE_OWNERS[folder] ?? []);
  return Object.entries(TABLE_OWNERS)
    .filter(([owner]) => owner !== folder)
    .map(([owner, tables]) => [owner, tables.filter((table) => !allowed.has(table))])
    .filter(([, tables]) => tables.length > 0)
    .map(([owner, tables]) => {
      const pattern = `${SQL_NAMING}${tables.join('|')})\\b`;
      return {
        selector: `Literal[value=/${pattern}/], TemplateElement[value.raw=/${pattern}/]`,
        message: `This SQL names a table of ${owner} (${tables.join(', ')}): only its owner's files do; call what ${owner}/index.ts names (ARCHITECTURE.md, Tables and their owners).`,
      };
    });
}
