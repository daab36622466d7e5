/** Query keys: everything under 'admin', so a logout or a resync can drop or refetch it all. */
export const adminKeys = {
  all: ['admin'] as const,
  me: ['admin', 'me'] as const,
  stats: ['admin', 'stats'] as const,
  settings: ['admin', 'settings'] as const,
  plans: ['admin', 'plans'] as const,
  stakes: ['admin', 'stakes'] as const,
  withdrawals: ['admin', 'withdrawals'] as const,
  admins: ['admin', 'admins'] as const,
  audit: ['admin', 'audit'] as const,
  reconciliation: ['admin', 'reconciliation'] as const,
  treasury: ['admin', 'treasury'] as const,
};
