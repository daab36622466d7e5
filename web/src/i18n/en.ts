import type { PagesKey } from './en-pages.js';

/**
 * The holder app's strings that every page needs (the top bar, the footer, the landing page with
 * its plan cards and counters, connecting a wallet), in English: they ship with the landing page,
 * whose JavaScript has a budget of 100 KB gzipped. The dashboard's, the dialogs' and the other
 * lazily loaded pages' strings load with them (en-pages.ts). pt-BR mirrors both, key for key.
 */
export const en = {
  'lang.name': 'English',
  'lang.switch': 'Language',
  'title.home': 'Home',
  'title.dashboard': 'Dashboard',
  'meta.home': 'Stake {token} in fixed-term plans: see the reward, the unlock date and the early-exit cost before you sign.',
  'meta.dashboard': 'Your {token} stakes, rewards and withdrawal requests in one place.',
  'nav.stake': 'Stake',
  'nav.dashboard': 'Dashboard',
  'nav.documentation': 'Documentation',
  'nav.reserves': 'Proof of reserves',
  'nav.backHome': 'Back to Home',
  'wallet.connect': 'Connect Wallet',
  'wallet.connectShort': 'Connect',
  'wallet.connecting': 'Connecting...',
  'wallet.connected': 'Connected: ',
  'wallet.disconnect': 'Disconnect wallet',
  'hero.title': 'Stake {token} and earn rewards',
  'hero.pitch': 'Lock your tokens for a fixed period, earn a fixed reward, and follow every stake on your dashboard.',
  'stats.totalStaked': 'Total Value Staked',
  'stats.activeStakers': 'Active Stakers',
  'stats.loading': 'Loading...',
  'plans.title': 'Staking plans',
  'plans.mostPopular': 'MOST POPULAR',
  'plans.duration': 'Duration',
  'plans.days': '{days} days',
  'plans.day': '{days} day',
  'plans.minutes': '{minutes} minutes',
  'plans.minute': '{minutes} minute',
  'plans.yieldFor': '{rate}% for {duration}',
  'plans.yieldNote': 'Paid once at the end of the period, not per year',
  'plans.closed':
    'Staking is not open yet: the operator has not configured the token and the staking wallet. The plans below open once they have.',
  'plans.minimum': 'Minimum stake',
  'plans.penalty': 'Early penalty',
  'plans.remaining': 'Remaining capacity',
  'plans.full': 'Plan full',
  'plans.connectAndStake': 'Connect Wallet & Stake',
  'plans.stakeNow': 'Stake Now',
  'plans.empty': 'No staking plans are open right now.',
  'footer.credit': 'Built by the Stakedesk team',
  'footer.email': 'Email support',
  'footer.whatsapp': 'WhatsApp support',
  'footer.telegram': 'Telegram support',
  'dashboard.connectTitle': 'Connect Your Wallet',
  'dashboard.connectText': 'Connect your wallet to see your stakes and withdrawals.',
  'toast.connectionFailed': 'Connection Failed',
  'toast.connectionFailedDefault': 'Failed to connect wallet',
  'toast.walletConnected': 'Wallet Connected',
  'toast.walletConnectedText': 'Redirecting to dashboard...',
  'toast.walletDisconnected': 'Wallet Disconnected',
  'toast.walletDisconnectedText': 'Successfully disconnected from the wallet.',
  'states.loading': 'Loading',
  'states.plansFailed': 'The staking plans could not be loaded.',
  'states.statsFailed': 'The staking totals could not be loaded.',
  'states.retry': 'Try again',
  'plans.perYear': '≈ {rate}% a year (simple rate)',
  'stats.holder': '{count} holder',
  'stats.holders': '{count} holders',
  // Never mislead a holder (issue 38): a token's transfer fee on every plan card, whose failure it is.
  'plans.transferFee': 'Transfer fee',
  'plans.transferFeeValue': '{percent}% of what you send, at most {maximum} {symbol}',
  'states.partFailed': 'A part of this page could not be loaded.',
  'states.reload': 'Reload the page',
  'error.network':
    'Our server could not be reached. The problem is on our side, not your wallet or connection: try again in a few minutes.',
  'error.offline': 'Your device is offline. Check your internet connection, then try again.',
  'error.server': 'Our server had a problem and could not answer. Try again in a few minutes.',
} as const;

/** A key every page's catalogue has: what the landing page's code may use. */
export type CoreKey = keyof typeof en;
/** Every key of the holder app (pt-BR has each). */
export type MessageKey = CoreKey | PagesKey;
