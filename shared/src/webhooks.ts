/** Where alerts can go (DESIGN 13): any Standard Webhooks receiver, or a chat's ready-made format. */
export const WEBHOOK_KINDS = ['standard', 'telegram', 'slack', 'discord'] as const;
export type WebhookKind = (typeof WEBHOOK_KINDS)[number];

/** The events a webhook can subscribe to (DESIGN 13). */
export const WEBHOOK_EVENTS = [
  'withdrawal.requested',
  'withdrawal.overdue',
  'payout.completed',
  'payout.failed',
  'payout.needs_review',
  'treasury.uncovered',
  'hot_wallet.low',
  'settings.step_up_change',
  'login.throttled',
  'reserves.check_failed',
  'deposits.behind',
  'treasury.unexplained_outflow',
  'approval.requested',
  'approval.decided',
  'backup.failed',
  'books.differences',
] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];

/** The Bot API a Telegram webhook posts to when its URL is left blank. */
export const TELEGRAM_API_URL = 'https://api.telegram.org';

/**
 * Slack's and Discord's incoming-webhook URLs are their secret: shown as their origin only.
 * A Telegram bot token travels in the path the server builds, never in the stored URL.
 */
export const urlIsSecret = (kind: WebhookKind) => kind === 'slack' || kind === 'discord';
