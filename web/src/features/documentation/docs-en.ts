/**
 * The documentation page's text, in English. It loads with that page only (its own chunk), so a
 * long page of rules and answers costs the landing page nothing. docs-pt-BR.ts mirrors the keys.
 */
export const docsEn = {
  title: 'How staking works',
  intro: 'Stake {token} for a fixed period and earn the plan’s reward. These are the rules, each with a worked example.',
  rulesHeading: 'The rules',
  reward: 'The reward is your stake times the plan’s yield percent for the whole period, not per year.',
  rewardExample: 'Example: {rate}% yield on {amount} gives {reward}.',
  early: 'Unstaking early forfeits all rewards and charges the plan’s penalty percent: you receive your stake minus stake × penalty.',
  earlyExample: 'Example: {rate}% penalty on {amount} gives {net} net.',
  restake: 'When a stake ends you can withdraw your principal plus reward, or restake both into a new stake.',
  restakeExample: 'Example: {amount} at {rate}% restakes as a new stake of {total}.',
  terms: 'A stake keeps its plan’s terms as they were when you staked: editing or removing a plan never changes a stake already made.',
  manual: 'Withdrawals are processed manually by admins within 24 hours. The transfer happens 1-2 minutes after approval.',
  fees: 'Only blockchain network fees apply.',
  feesWithTransferFee:
    'This token charges a transfer fee of {percent}% of every transfer, at most {maximum} {symbol}, on top of the blockchain network fees. When you stake you send your stake plus this fee, and your whole stake is recorded; withdrawals are sent with the fee paid on top, so you receive the full amount.',
  plansHeading: 'The plans today',
  plansIntro: 'What each plan pays on its minimum stake:',
  planExample:
    '{plan}: stake {amount} {symbol} for {days}, get back {total} {symbol} ({reward} reward, {rate}% for the whole period); unstake early and get {net} {symbol}.',
  dayOne: '{count} day',
  dayOther: '{count} days',
  minuteOne: '{count} minute',
  minuteOther: '{count} minutes',
  noPlans: 'No plan is open at the moment.',
  custodyHeading: 'Where your tokens go',
  custody:
    'Staking here is custodial. When you stake, your tokens move from your wallet to the operator’s staking wallet below, which the operator controls; no smart contract locks them. The operator pays every withdrawal from that wallet. Stake only what you trust the operator with.',
  custodyCheck:
    'You can check both addresses on the explorer: the token’s mint, and the staking wallet’s balance and every transfer in and out. A stake is recorded only after the server has found your transfer on chain, and each transfer counts once.',
  mint: 'Token mint',
  stakingWallet: 'Staking wallet',
  notConfigured: 'Not set yet: staking opens once the operator configures it.',
  onExplorer: 'View on the explorer',
  blinksHeading: 'Stake from X, Telegram or your wallet',
  blinks:
    'A stake link ({link}, or one plan’s) posted on X, Telegram or Discord shows as a stake button in a client that knows Solana Actions ("blinks"): Phantom, Backpack, Solflare and Dialect’s. Choose the amount, approve the transaction in your wallet, and the stake appears on your dashboard once the transfer lands, with no need to open this site.',
  blinksSafety:
    'The button must name this site’s domain. The transaction your wallet shows sends your stake (and the token’s transfer fee, if it has one) to the staking wallet above, and nothing else; refuse anything different. Each link starts a deposit valid for 15 minutes, and a wallet can have 5 under way at once.',
  faqHeading: 'Questions',
  q1: 'Is the yield per year?',
  a1: 'No. The yield is for the whole period of the plan, paid once when the stake ends. A plan of 40% for 180 days pays 40% of your stake after 180 days.',
  q2: 'When can I get my tokens back?',
  a2: 'When the stake ends, withdraw your stake plus the reward, or restake both. Before it ends you can unstake early: you forfeit the reward and pay the plan’s penalty.',
  q3: 'How long does a withdrawal take?',
  a3: 'An admin processes each request within 24 hours; the tokens arrive 1-2 minutes after approval. Your dashboard shows the request as pending until then, and the payout transaction once it is sent.',
  q4: 'What fees do I pay?',
  a4: 'Only the blockchain network fee of the transfers you sign. The platform takes nothing else, except the penalty of an early unstake.',
  a4WithTransferFee:
    'The token’s own transfer fee of {percent}% (at most {maximum} {symbol}) on what you send when you stake, and the blockchain network fee of the transfers you sign. The platform takes nothing else, except the penalty of an early unstake; withdrawals reach you in full, the fee paid on top.',
  q5: 'What if my browser closes right after I send the tokens?',
  a5: 'Your stake is not lost: open the dashboard again with the same wallet and the app records the transfer it sent. The server records a stake only for a transfer it has verified on chain, so it cannot be counted twice.',
  q6: 'Who holds my tokens while they are staked?',
  a6: 'The operator, in the staking wallet shown above. The platform is custodial: that is what lets it pay a fixed reward, and it is why you should check the wallet and the operator before you stake.',
} as const;

export type DocsKey = keyof typeof docsEn;
