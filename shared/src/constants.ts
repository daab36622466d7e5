/** Business constants and limits. */

// Timing (ms)
export const WALLET_CONNECT_REDIRECT_MS = 1000;
export const STAKE_REDIRECT_MS = 1000;
export const COUNTER_ANIMATION_MS = 2500;
export const TOAST_DURATION_MS = 5000;
export const TOAST_LIMIT = 1;
export const COPY_CONFIRMATION_RESET_MS = 2000;

// Stakes
export const DAY_MS = 24 * 60 * 60 * 1000;
export const ENDING_SOON_DAYS = 2;
export const MOST_POPULAR_PLAN_INDEX = 1;

// Landing counters: defaults of the statsOffsetStaked / statsOffsetStakers settings
export const DEFAULT_STATS_OFFSET_STAKED = '1250000';
export const DEFAULT_STATS_OFFSET_STAKERS = 112;

// Chain
export const LAMPORTS_PER_SOL = 1_000_000_000;
/** The commitment every chain read and confirmation uses. */
export const CHAIN_COMMITMENT = 'confirmed';
export const PUBLIC_MAINNET_RPC_URL = 'https://api.mainnet-beta.solana.com';

// Display
export const UNSTAKE_DIALOG_DECIMALS = 8;

// Admin
export const ADMIN_TOKEN_STORAGE_KEY = 'admin_token';
/** The desktop admin app serves its pages from this origin (a custom protocol). */
export const DESKTOP_APP_ORIGIN = 'app://stakedesk';
export const MIN_PASSWORD_LENGTH = 6;
/** bcrypt ignores every byte after the 72nd, so longer passwords are refused rather than truncated. */
export const MAX_PASSWORD_BYTES = 72;

// Logo
export const LOGO_MAX_BYTES = 5 * 1024 * 1024;
export const LOGO_MIME_TYPES = ['image/png', 'image/jpeg', 'image/webp', 'image/gif'] as const;
export type LogoMimeType = (typeof LOGO_MIME_TYPES)[number];
export const LOGO_ADVISED_SIZE = '500x125px';
/** Longest data URL a LOGO_MAX_BYTES image can take (base64 is 4 chars per 3 bytes); size request bodies from this. */
export const LOGO_MAX_DATA_URL_LENGTH = 'data:image/jpeg;base64,'.length + Math.ceil(LOGO_MAX_BYTES / 3) * 4;

// Maintenance
export const MAINTENANCE_TYPES = ['maintenance', 'update'] as const;
export type MaintenanceType = (typeof MAINTENANCE_TYPES)[number];
export const DEFAULT_MAINTENANCE_MESSAGE = "We're currently performing scheduled maintenance to improve your experience.";
export const DEFAULT_MAINTENANCE_TIME = 'approximately 30 minutes';

// Schema bounds
export const MAX_DURATION_DAYS = 3650;
export const MAX_YIELD_RATE = '1000';
/** A plan's early penalty must be below this: at 100% an early payout would be nothing, which no transfer can prove. */
export const PENALTY_RATE_LIMIT = '100';
/** Most digits in a stake amount, a minimum stake's integer part and a stats offset. */
export const MAX_STAKE_DIGITS = 15;
export const RATE_DECIMALS = 2;
export const MIN_STAKE_DECIMALS = 8;
/** PostgreSQL INTEGER, the type of every id. */
export const MAX_ID = 2_147_483_647;
/** Withdrawals one registered payout may pay (a transaction fits about 20 transfers). */
export const MAX_PAYOUT_WITHDRAWALS = 50;
/** A signed transaction is at most 1232 bytes on the wire (PACKET_DATA_SIZE): 1644 characters of base64. */
export const MAX_SIGNED_TRANSACTION_BASE64 = 1644;
/** How long a deposit intent's terms are offered: far longer than a signed transfer can wait to land (about 90 s). */
export const DEPOSIT_INTENT_TTL_MS = 15 * 60 * 1000;
/**
 * How long after its expiry an intent's reference still records a transfer found by the server:
 * a wallet may send a transaction signed just before the expiry, or one it declined, a little later.
 */
export const DEPOSIT_INTENT_GRACE_MS = 10 * 60 * 1000;
/**
 * Deposit intents one wallet may hold open (no stake yet, not expired, not cancelled): more than a
 * holder retrying needs, few enough that one wallet cannot slow the search for everyone's deposits.
 */
export const MAX_OPEN_INTENTS_PER_WALLET = 5;
export const DEFAULT_PAGE_LIMIT = 100;
export const MAX_PAGE_LIMIT = 1000;
/**
 * A holder's own stakes and withdrawals (GET /api/stakes/{wallet}, /api/withdrawals/{wallet})
 * come 1000 to a page: one page for any real holder; X-Total-Count tells a client to ask for more.
 */
export const WALLET_PAGE_LIMIT = 1000;
/** Rows of each dashboard table before 'Show more' asks the server for the next page (by cursor). */
export const DASHBOARD_PAGE_SIZE = 20;

// String lengths
export const MAX_NAME_LENGTH = 100;
export const MAX_SYMBOL_LENGTH = 20;
export const MAX_DESCRIPTION_LENGTH = 1000;
export const MAX_MESSAGE_LENGTH = 1000;
export const MAX_EMAIL_LENGTH = 254;
export const MAX_USERNAME_LENGTH = 50;
export const MAX_TEXT_LENGTH = 200;
export const MAX_URL_LENGTH = 500;
export const MAX_REASON_LENGTH = 500;
export const MAX_SEARCH_LENGTH = 100;
export const MAX_SIGN_IN_MESSAGE_LENGTH = 1000;
