import { DEMO_TOKENS_GIVEN } from '@stakedesk/shared/demo';
import type { DemoAdmin } from './configure.js';
import { DEMO_POLICY, TWO_MINUTE_PLAN } from './configure.js';
import { CLASSIC_TOKEN, DEMO_TOKEN, type DemoWorld } from './world.js';

/** What `npm run demo` prints once everything is ready: where to go, how to sign in, what to try. */
export function welcome({ url, admin, dataDir, world }: { url: string; admin: DemoAdmin; dataDir: string; world: DemoWorld }): string {
  const tokens = Number(DEMO_TOKENS_GIVEN).toLocaleString('en');
  const limit = Number(DEMO_POLICY.maxPerWithdrawal).toLocaleString('en');
  return `
Stakedesk demo is running at ${url}
  local chain ${world.chain.url}, play tokens only; data in ${dataDir}

  Holder site:  ${url}
  Admin panel:  ${url}/admin   user ${admin.username}, password ${admin.password}

Try it:
  1. Open ${url}, press Connect Wallet and choose "Demo wallet" (its key stays in this browser),
     then "Get demo tokens": ${tokens} ${DEMO_TOKEN.symbol} and SOL for the fees.
  2. Stake at least ${TWO_MINUTE_PLAN.minStakeAmount} ${DEMO_TOKEN.symbol} in "${TWO_MINUTE_PLAN.name}": the stake dialog shows the token's 1% transfer fee.
  3. On the dashboard, the proof of reserves includes your stake within about 15 seconds.
  4. Unstake early, or wait two minutes and withdraw: the server pays up to ${limit} ${DEMO_TOKEN.symbol}
     by itself within seconds; a larger withdrawal waits for an operator.
  5. In the admin panel, pay a waiting withdrawal by hand: Connect wallet, "Demo wallet" (the staking wallet).
     Token Config can switch to the classic token ${world.classicMint.toBase58()} (${CLASSIC_TOKEN.symbol}) while nothing is staked.

Stop it with Ctrl-C. Each run starts afresh. \`npm start\` runs Stakedesk itself, on ./.data and mainnet.
`;
}
