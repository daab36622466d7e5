import { serverCall } from './server-call.js';

/** The test token's contract and staking wallet, and for holders' proofs of reserves the chain they read. */
export type FirstSettings = { tokenContract: string; stakingWallet: string; holderRpcUrl?: string };

/**
 * Signs the run's admin in and saves the test token's settings, as an operator's first save does:
 * the first wallet and contract are a step-up change too, which the admin's password confirms.
 */
export async function saveFirstSettings(
  baseURL: string,
  admin: { username: string; password: string },
  settings: FirstSettings,
): Promise<void> {
  const { token } = await serverCall<{ token: string }>(baseURL, 'POST', '/api/admin/login', admin);
  const body = { currentPassword: admin.password, tokenName: 'Stakedesk Test Token', tokenSymbol: 'SDT', ...settings };
  await serverCall(baseURL, 'PUT', '/api/admin/settings', body, token);
}
