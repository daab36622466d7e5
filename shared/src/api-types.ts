/**
 * JSON shapes of the API. Amounts are canonical decimal strings (whole tokens for
 * stake and withdrawal amounts), dates are ISO 8601 strings, ids are numbers.
 */

import type { AutoPayoutPolicy } from './auto-payout.js';
import type { ChangeRequestKind, ChangeRequestStatus, FieldChange, TimeLockedField } from './change-requests.js';
import type { MaintenanceType } from './constants.js';
import type { CodedMessage } from './i18n/catalogue.js';
import type { AdminRole } from './roles.js';
import type { SolanaCluster } from './format.js';
import type { PayoutOutcome, PayoutStatus, ReviewResolution, StakeGroup, StakeStatus, WithdrawalStatus } from './stake-status.js';
import type { WebhookEvent, WebhookKind } from './webhooks.js';
import type { ReservesSnapshot } from './reserves/snapshot.js';

export type SocialLinks = {
  telegram?: string;
  discord?: string;
  twitter?: string;
  instagram?: string;
  tiktok?: string;
};

/** GET /api/settings. Unset text settings are ''. Never carries the RPC provider key or URL. */
export type PublicSettings = {
  tokenName: string;
  tokenSymbol: string;
  tokenContract: string;
  /** A PNG/JPEG/WebP/GIF data URL. */
  tokenLogo: string | null;
  stakingWallet: string;
  supportEmail: string;
  supportWhatsapp: string;
  supportTelegram: string;
  maintenanceMode: boolean;
  maintenanceMessage: string;
  maintenanceType: MaintenanceType;
  maintenanceEstimatedTime: string;
  socialLinks: SocialLinks;
  /** Added to Stats.totalStaked on the landing page. */
  statsOffsetStaked: string;
  /** Added to Stats.totalStakers on the landing page. */
  statsOffsetStakers: number;
  solanaCluster: SolanaCluster;
  /** The mint's token program (classic SPL Token or Token-2022), read when the contract was saved; null until then. */
  tokenProgram: string | null;
  tokenDecimals: number | null;
  /** The mint's transfer fee in force (Token-2022), or null when transfers are free. */
  transferFee: TransferFeeJson | null;
  /**
   * The chain endpoint holders' browsers read for the proof of reserves (DESIGN 15): the one an owner
   * saved, or the cluster's public endpoint. Never empty. (In AdminSettings: the one saved, '' for the default.)
   */
  holderRpcUrl: string;
  /**
   * An approved change of the staking wallet or the token contract that takes effect at effectiveAt
   * (DESIGN 17); null when none is coming. Until then stakingWallet and tokenContract above are the
   * ones deposits use.
   */
  pendingChange: PendingChange | null;
  /** Present only on a server started by `npm run demo` (DESIGN 16): the demo's local chain and play tokens. */
  demo?: DemoSite;
};

/** A staking wallet or mint change holders are told of before it takes effect. */
export type PendingChange = { field: TimeLockedField; value: string; effectiveAt: string; changeRequestId: number };

/** What the holder site needs of the demo: the local chain its demo wallet sends to. */
export type DemoSite = { chainUrl: string };

/** POST /api/demo/tokens: what the demo faucet gave the wallet (raw units of the current mint, lamports). */
export type DemoTokensGiven = { walletAddress: string; mint: string; tokens: string; lamports: string };

/** GET /api/demo/staking-wallet: the demo staking wallet's key (base58 of its 64 bytes), for the panel's demo wallet. */
export type DemoStakingWallet = { address: string; secretKey: string };

/** A transfer fee in JSON: basis points of what is sent, capped at maximumFee (raw units, a decimal string). */
export type TransferFeeJson = { basisPoints: number; maximumFee: string };

/** GET /api/admin/settings. The coming wallet change is the panel's Requests view's (GET /api/admin/change-requests). */
export type AdminSettings = Omit<PublicSettings, 'pendingChange'> & {
  /** Every admin must sign in with two-factor; one who has not enrolled is sent to enrolment first. */
  requireTwoFactor: boolean;
  /** Owners sign in and step up with a passkey only (DESIGN 17); turned on only while every owner has one. */
  requirePasskeysForOwners: boolean;
  /** Masked; '' when unset. Sending it back blank keeps the stored key. */
  heliusApiKey: string;
  heliusRpcUrl: string;
  /** The mint's Token-2022 extensions by spl-token's names (TransferFeeConfig, MetadataPointer, ...). */
  tokenExtensions: string[];
  /** What an owner should know of the mint before staking it (a freeze authority: `mintFreezeAuthority`); empty when nothing. */
  mintWarnings: CodedMessage[];
  /** The policy under which the server pays withdrawals by itself (DESIGN 13). */
  autoPayout: AutoPayoutPolicy;
  /** Withdrawals of at least this many tokens wait for a second admin's approval before any payout (DESIGN 17); '' for none. */
  approvalThreshold: string;
  /** How long an approved staking wallet or mint change waits before it takes effect (DESIGN 17); 0 only with a single owner. */
  walletChangeDelayHours: number;
};

/** Who asked for or decided on a change request (the username as it was; id null once the admin is deleted). */
export type ChangeRequestActor = { id: number | null; username: string };

/**
 * GET /api/admin/change-requests (DESIGN 17): a change that waits for a second owner, or did.
 * `target` names the webhook or admin it is about (null for the settings).
 */
export type ChangeRequest = {
  id: number;
  kind: ChangeRequestKind;
  target: { id: number; name: string } | null;
  changes: FieldChange[];
  status: ChangeRequestStatus;
  requestedBy: ChangeRequestActor;
  requestedAt: string;
  /** A pending request no owner decided on by then expires. */
  expiresAt: string;
  decidedBy: ChangeRequestActor | null;
  decidedAt: string | null;
  /** The rejecting owner's reason. */
  reason: string | null;
  /** When an approved staking wallet or mint change takes (or took) effect. */
  effectiveAt: string | null;
  appliedAt: string | null;
  /** Why an approved change could not take effect when due (status failed). */
  failure: CodedMessage | null;
};

/** 202: a change that waits for another owner's approval instead of taking effect (DESIGN 17). */
export type ChangeRequestAccepted = { changeRequest: ChangeRequest };

/** 202 of PUT /api/admin/settings: the request, and the settings as saved (the fields that needed no approval took effect). */
export type SettingsChangeAccepted = ChangeRequestAccepted & { settings: AdminSettings };

/** The plan's terms as they were when the stake was created. */
export type StakePlanSnapshot = {
  id: number;
  name: string;
  description: string | null;
  yieldRate: string;
  /** 0 for a demo plan counted in minutes. */
  durationDays: number;
  /** A demo plan's duration (DESIGN 16; then durationDays is 0): absent outside demo mode. */
  durationMinutes?: number;
  minStakeAmount: string;
  earlyPenaltyRate: string;
};

export type StakingPlan = StakePlanSnapshot & {
  isActive: boolean;
  createdAt: string;
  /** Cap on the plan's active stakes, whole tokens; null = no cap. */
  maxTotalStaked: string | null;
  /** Cap on one wallet's active stakes in the plan, whole tokens; null = no cap. */
  maxPerWallet: string | null;
  /** What maxTotalStaked still takes; null when there is no cap. */
  remainingCapacity: string | null;
};

export type Stake = {
  id: number;
  walletAddress: string;
  plan: StakePlanSnapshot;
  amount: string;
  rewardAmount: string;
  /** An early unstake gave the reward up (rewardDue): set with its withdrawal request, cleared if that is rejected. */
  rewardForfeited: boolean;
  status: StakeStatus;
  createdAt: string;
  endsAt: string;
  completedAt: string | null;
  /** The deposit signature, or `restake_{originalStakeId}` for a stake created by restaking. */
  txId: string | null;
  restakedFromId: number | null;
  /** A verified deposit recorded over its plan's cap (the tokens had already moved): for the operator to settle. */
  overCapacity: boolean;
  /** The mint and staking wallet its deposit was verified against: what the platform owes it in, and from where. */
  tokenContract: string;
  stakingWallet: string;
};

/** The completed withdrawal that paid a finished stake out: what its Historical Stakes row shows. */
export type StakePayout = Pick<Withdrawal, 'kind' | 'finalAmount' | 'penaltyAmount' | 'txId'>;

/** A stake in a page of GET /api/stakes/{wallet}?group=finished: with its payout (null when it was restaked). */
export type FinishedStake = Stake & { payout: StakePayout | null };

/**
 * GET /api/stakes/{wallet}/summary: the dashboard's cards and which tables have rows. Totals are
 * of the live stakes (isLive), counts per stakeGroup, withdrawals still pending.
 */
export type WalletSummary = {
  totalStaked: string;
  totalRewards: string;
  stakes: Record<StakeGroup, number>;
  pendingWithdrawals: number;
};

export type Withdrawal = {
  id: number;
  stakeId: number;
  walletAddress: string;
  amount: string;
  finalAmount: string;
  penaltyAmount: string;
  kind: 'full' | 'early';
  status: WithdrawalStatus;
  requestedAt: string;
  processedAt: string | null;
  txId: string | null;
  rejectReason: string | null;
  /** Its stake's mint and staking wallet: the payout must send that token from that wallet. */
  tokenContract: string;
  stakingWallet: string;
};

/** One withdrawal a payout pays: to the holder's associated token account of the mint. */
export type PayoutRecipient = {
  withdrawalId: number;
  wallet: string;
  /** The account the tokens go to (null on payouts registered by earlier panels). */
  tokenAccount: string | null;
  /** What the holder must receive, in tokens. */
  amount: string;
  /**
   * What leaves the payer for it, in tokens: `amount` plus the token's transfer fee, grossed up so
   * the holder receives `amount` (DESIGN 12); `amount` itself without a fee. Null on payouts
   * registered by earlier panels (not built by the server).
   */
  sent: string | null;
  /** The transaction creates the holder's token account (rent paid by the payer). */
  createsAccount: boolean;
  /** How the payout ended for this withdrawal; null while it is open. */
  outcome: PayoutOutcome | null;
  /** Why it was not paid as owed (outcome review), by code. */
  reason: CodedMessage | null;
  /** Under review: the transaction that moved its tokens (the payout's own, or one the server did not prepare). */
  evidenceSignature: string | null;
  /** An owner's decision on a withdrawal under review. */
  resolution: { action: ReviewResolution; note: string; by: string; at: string } | null;
};

/** GET /api/admin/payouts: a payout transaction the server built, and where it stands. */
export type Payout = {
  id: number;
  status: PayoutStatus;
  withdrawalIds: number[];
  /** The staking wallet that signs and pays (null on payouts registered by earlier panels). */
  payer: string | null;
  /** The transaction's id: known once a signed copy was posted or found on chain. */
  signature: string | null;
  blockhash: string | null;
  /** The last block height at which a transaction carrying `blockhash` can land (read by the server itself). */
  lastValidBlockHeight: number;
  recipients: PayoutRecipient[];
  /** While prepared: the base64 of the unsigned transaction, for the staking wallet to sign unchanged. */
  transaction: string | null;
  /** Why it failed or needs review, by code (English in failureReason). */
  reason: CodedMessage | null;
  failureReason: string | null;
  createdBy: string;
  createdAt: string;
  sentAt: string | null;
  finishedAt: string | null;
};

/** POST /api/admin/payouts: the payout just prepared, with the transaction to sign. */
export type PreparedPayout = Payout & { status: 'prepared'; payer: string; transaction: string; blockhash: string };

/** The latest payout of a withdrawal (admin lists): open while prepared or sent; under review while its outcome is `review` and unresolved. */
export type WithdrawalPayout = Pick<Payout, 'id' | 'status' | 'signature'> & {
  outcome: PayoutOutcome | null;
  /** This withdrawal's own reason (or the payout's), by code and in English. */
  reason: CodedMessage | null;
  failureReason: string | null;
  /** The payout holds this withdrawal: no other payout, pasted TXID or rejection until it ends or is resolved. */
  holds: boolean;
};

/** A withdrawal as the admin lists show it. */
export type AdminWithdrawal = Withdrawal & {
  payout: WithdrawalPayout | null;
  /** Why automatic payouts left it to an operator (over a limit, a new wallet's delay...); null otherwise, and while they are off. */
  autoPayoutHold: CodedMessage | null;
  /** At or above settings approvalThreshold: no payout until an admin other than the payer approves (DESIGN 17). */
  approvalRequired: boolean;
  /** Who approved it and when; null until someone does. */
  approvedBy: string | null;
  approvedAt: string | null;
};

/**
 * POST /api/stakes/intents: the terms a holder is about to sign for, kept by the server. The
 * transfer lists `reference` (a fresh public key) as an extra read-only account, so the server
 * finds the deposit by itself; it goes to `stakingWallet` in `tokenContract`.
 */
export type DepositIntent = {
  id: number;
  reference: string;
  expiresAt: string;
  tokenContract: string;
  stakingWallet: string;
  /** The stake recorded from it; null while none is. */
  stakeId: number | null;
};

/** POST /api/stakes/intents: the intent, and the deposit the server built for the wallet to sign and send as it is (DESIGN 12). */
export type CreatedDepositIntent = DepositIntent & {
  /** Base64 of the unsigned transaction; the holder's wallet pays its fee and is its only signer. */
  transaction: string;
  /** The last block height at which it can land (its blockhash dies after). */
  lastValidBlockHeight: number;
  /** Whole tokens the holder sends: the stake plus the token's transfer fee. */
  sendAmount: string;
  /** Whole tokens of that fee ("0" for a token without one). */
  feeAmount: string;
};

/**
 * POST /api/stakes/intents without a wallet (scan to stake, DESIGN 12): a Solana Pay transfer
 * request for whichever wallet scans it; the stake is recorded for the wallet that pays.
 */
export type ScanIntent = {
  id: number;
  reference: string;
  expiresAt: string;
  /** solana:<stakingWallet>?amount=<sendAmount>&spl-token=<mint>&reference=<reference>&label=...&message=... */
  transferRequest: string;
  /** Whole tokens the paying wallet sends: the stake plus the token's transfer fee. */
  sendAmount: string;
  feeAmount: string;
};

/** GET /api/stakes/intents/{id} of a scan-to-stake intent, to anyone holding its id. */
export type ScanIntentStatus = {
  id: number;
  status: 'open' | 'recorded' | 'expired';
  stakeId: number | null;
  /** The wallet that paid, once recorded. */
  walletAddress: string | null;
};

/** GET /api/stats: true totals, without the display offsets. */
export type Stats = { totalStaked: string; totalStakers: number };

/** A background job that failed in the last 24 hours (on any server instance). */
export type FailedJob = {
  /** The job's name, as the server's jobs give it: expiry, follow-payouts, deposit-detection, auto-payouts, clean-up, webhook-delivery, webhook-sweep, withdrawal-overdue, treasury-watch. */
  job: string;
  failures: number;
  lastFailedAt: string;
  /** The first line of the last failure's error, in English as the server logged it. */
  lastError: string;
  /** Why the last one failed, by code, when its error carried one (a refusal, the chain's answer); null for any other error. */
  lastReason: CodedMessage | null;
};

/** GET /api/admin/jobs (viewer and above). */
export type BackgroundJobs = { failedLast24h: FailedJob[] };

export type AdminStats = {
  totalUsers: number;
  totalStaked: string;
  pendingWithdrawals: number;
  activePlans: number;
};

/**
 * GET /api/admin/treasury. Liabilities are what the platform owes: principal + reward of active and
 * completed stakes, and finalAmount of pending withdrawals (their stake is counted there, not twice).
 * Completed stakes and pending withdrawals are due now; active stakes when they end.
 */
export type TreasuryCoverage = {
  /** The current staking wallet's own balance of the mint in tokens; null when the chain could not be read. */
  balance: string | null;
  /** Why the balance is unknown (chain unreachable, staking not configured), in English; null when known. */
  balanceUnavailable: string | null;
  /**
   * The same reason by code: `stakingNotConfigured` when no token or staking wallet is set, any
   * other code when the chain could not be read (its reason); null when the balance is known.
   */
  balanceUnavailableReason: CodedMessage | null;
  /**
   * Every staking wallet of the current mint that deposits were paid into (the current one first,
   * even when it owes nothing), with its balance (null when unknown) and what is owed from it.
   */
  wallets: { stakingWallet: string; current: boolean; balance: string | null; owed: string }[];
  /** The sum of `wallets`' balances and the hot wallet's: what the headline counts against the liabilities; null when one is unknown. */
  heldBalance: string | null;
  /** Owed in the current mint from every wallet in `wallets`. */
  liabilities: {
    total: string;
    stakePrincipal: string;
    stakeRewards: string;
    pendingWithdrawals: string;
  };
  dueWithin7Days: string;
  dueWithin30Days: string;
  /**
   * Owed in another mint or from another staking wallet than the settings name now (deposits
   * verified before a change): `balance` does not cover these. Those in the current mint are also in
   * `wallets` and counted in `liabilities`; those in another mint are counted nowhere else. Largest first.
   */
  liabilitiesElsewhere: { tokenContract: string; stakingWallet: string; total: string }[];
  /**
   * Tokens that left the staking wallet in payouts waiting for an owner's review (landed, did not
   * pay exactly as owed): their withdrawals are not counted in the liabilities above.
   */
  underReview: string;
  /** heldBalance / liabilities.total x 100, 2 decimals rounded down; null when a balance is unknown or nothing is owed. */
  coveragePercent: string | null;
  /** heldBalance covers liabilities.total; null when a balance is unknown. */
  covered: boolean | null;
  /**
   * The hot wallet automatic payouts pay from (DESIGN 13), counted in heldBalance; null when no
   * payout signer is configured. lastsDays: its balance over the last 7 days' automatic payouts a
   * day (null when it paid nothing in them).
   */
  hotWallet: { address: string; balance: string | null; paidLast7Days: string; lastsDays: number | null } | null;
  checkedAt: string;
};

export type Admin = { id: number; email: string; username: string; createdAt: string; role: AdminRole; twoFactorEnabled: boolean };

/**
 * GET /api/admin/me: the signed-in admin, how many passkeys they have, and whether only a passkey
 * will do as their second factor (an owner while settings.requirePasskeysForOwners is on: DESIGN 17).
 */
export type AdminMe = Admin & { passkeyCount: number; passkeyRequired: boolean };

/**
 * A WebAuthn ceremony's options in JSON, as @simplewebauthn/server makes them and
 * @simplewebauthn/browser takes them: for a new passkey (creation) or an answer from one (request).
 * Named here by their challenge; the rest is WebAuthn's (PublicKeyCredential*OptionsJSON).
 */
export type PasskeyOptionsJson = { challenge: string };

/** One of the signed-in admin's passkeys (GET /api/admin/me/passkeys); never its key material. */
export type Passkey = { id: number; name: string; createdAt: string; lastUsedAt: string | null };

/**
 * The body of 401 (two-factor needed) and 429 (the account paused) from POST /api/admin/login:
 * passkeyOptions when the admin has passkeys (answered with POST /api/admin/login/passkey);
 * passkeyRequired when only a passkey will do (settings.requirePasskeysForOwners, for an owner).
 */
export type LoginRefusalBody = {
  message: string;
  twoFactorRequired?: true;
  retryAfter?: number;
  passkeyOptions?: PasskeyOptionsJson;
  passkeyRequired?: true;
};

/** POST /api/admin/login. */
export type LoginResponse = {
  token: string;
  expiresAt: string;
  role: AdminRole;
  /** settings.requireTwoFactor is on and this admin has not enrolled: the token works only on /api/admin/me*. */
  twoFactorSetupRequired?: true;
};

/** POST /api/admin/me/sign-out-everywhere: the one session left. */
export type SessionTokenResponse = { token: string; expiresAt: string };

/** POST /api/admin/me/two-factor/setup: a new secret each call until enabled (base32), and its otpauth:// URL for the QR code. */
export type TwoFactorSetupResponse = { secret: string; otpauthUrl: string };

/**
 * POST /api/admin/me/two-factor/enable: 10 single-use recovery codes, shown once, and a new full
 * session (token, expiresAt): a session signed in with twoFactorSetupRequired stays limited to
 * /api/admin/me*, so the panel continues with this token; other sessions stay valid.
 */
export type RecoveryCodesResponse = { recoveryCodes: string[] } & SessionTokenResponse;

/**
 * A change that redirects money or power (it needed a step-up), announced to every other signed-in
 * admin at once.
 */
export type SecurityChange =
  | 'settings.stakingWallet'
  | 'settings.tokenContract'
  | 'settings.rpcProvider'
  | 'settings.holderRpcUrl'
  | 'settings.requireTwoFactorOff'
  | 'settings.requirePasskeysForOwnersOff'
  | 'settings.autoPayout'
  | 'settings.approvalThreshold'
  | 'settings.walletChangeDelayHours'
  | 'admin.create'
  | 'admin.role'
  | 'admin.password'
  | 'admin.username'
  | 'admin.email'
  | 'twoFactor.disable'
  | 'passkey.add'
  | 'passkey.remove';

/** Body of every error answer. errors: first message per field path. */
export type ApiError = { message: string; errors?: Record<string, string> };

/** POST /api/admin/update-expired-stakes. */
export type UpdateExpiredResponse = { updatedCount: number };

export type AuditLogEntry = {
  id: number;
  adminId: number | null;
  adminUsername: string;
  action: string;
  entityType: string;
  entityId: string | null;
  before: unknown;
  after: unknown;
  createdAt: string;
};

/** GET /api/admin/reconciliation: a deposit into the staking wallet that no stake or payout records. */
export type UnrecordedDeposit = { txId: string; sender: string | null; amount: string; blockTime: string | null };

/** What explained an outflow: a payout the server built, verified pasted TXIDs, or an owner's note. */
export type OutflowExplanation =
  | { kind: 'payout'; payoutId: number }
  | { kind: 'pastedTxid'; withdrawalIds: number[] }
  | { kind: 'owner'; adminId: number; username: string };

/**
 * GET /api/admin/outflows: tokens that left an account the server pays from (a staking wallet's or
 * the hot wallet's) in a transaction that no payout it built and no TXID it verified explained when
 * it was seen (DESIGN 15). Unexplained ones stop automatic payouts until explained.
 */
export type TreasuryOutflow = {
  signature: string;
  /** The token account the tokens left, and its owner (the wallet). */
  account: string;
  owner: string;
  mint: string;
  /** In tokens of the mint. */
  amount: string;
  blockTime: string | null;
  /** When the server saw it. */
  seenAt: string;
  status: 'unexplained' | 'explained';
  /** treasury.unexplained_outflow was raised for it (it stayed unexplained past the grace period). */
  alerted: boolean;
  explainedBy: OutflowExplanation | null;
  /** The owner's note, when an owner explained it. */
  note: string | null;
  explainedAt: string | null;
};

/** GET /api/helius-config: the server's own RPC proxy, never the provider URL. */
export type RpcConfigResponse = { apiUrl: string };

/** POST /api/auth/nonce. message is the exact UTF-8 text to sign. */
export type AuthNonceResponse = { message: string; nonce: string; expiresAt: string };

/** POST /api/auth/verify. */
export type AuthVerifyResponse = { walletAddress: string; expiresAt: string };

/** GET /api/auth/session. */
export type WalletSession = { walletAddress: string };

/**
 * Pushed to logged-in admins by GET /api/admin/events (Server-Sent Events; the SSE `event:` field is
 * `type`). 'resync' means events may have been missed: refetch everything shown.
 */
export type AdminEvent =
  | { type: 'stake.created'; stakeId: number; walletAddress: string; amount: string; restake: boolean }
  | { type: 'withdrawal.requested'; withdrawalId: number; walletAddress: string; finalAmount: string }
  | { type: 'stakes.expired'; count: number }
  /** Another admin's change (any audited mutation). */
  | { type: 'admin.changed'; entityType: string; action: string; entityId: string | null; adminUsername: string }
  /**
   * A change that needed a step-up (also announced as admin.changed): the desktop app shows a notification.
   * With changeRequestId it was only asked for: it waits for another owner's approval (DESIGN 17).
   */
  | { type: 'security.changed'; changes: SecurityChange[]; adminUsername: string; adminId: number; changeRequestId?: number }
  /** A round of automatic payouts saw something the panel shows change: why they stop, the hot wallet's balance, why a withdrawal is left to an operator. */
  | { type: 'autoPayouts.changed' }
  | { type: 'resync' };

/** GET /api/admin/auto-payouts: automatic payouts as the last round saw them (DESIGN 13). */
export type AutoPayoutStatus = {
  /** The hot wallet (the payout signer's); null when PAYOUT_SIGNER is none. */
  hotWallet: string | null;
  /** Where the signer's key lives ("keyfile /etc/stakedesk/hot.json"); null without one. */
  signer: string | null;
  policy: AutoPayoutPolicy;
  /** On, with a signer, and nothing stopping it. */
  running: boolean;
  /** Why it pays nothing now (treasury uncovered, a payout in review, hot wallet low, RPC disagreeing); empty otherwise. */
  stoppedBy: CodedMessage[];
  /** The hot wallet's balance at the last round; null when not read. */
  hotBalance: string | null;
  /** What automatic payouts paid, hold open or saw expire in the last 24 hours (the policy's daily limit counts it). */
  paidLast24h: string;
  /** When the last round looked; null before the first. */
  checkedAt: string | null;
};

/** GET /api/admin/webhooks: a webhook as any admin may see it (never its secret; a Slack or Discord URL as its origin only). */
export type AdminWebhook = {
  id: number;
  kind: WebhookKind;
  url: string;
  events: WebhookEvent[];
  chatId: string | null;
  /** Whether a secret (signing secret, bot token, chat URL) is stored. */
  hasSecret: boolean;
  createdAt: string;
  updatedAt: string;
};

/** POST /api/admin/webhooks: the new webhook, with its generated signing secret (kind standard), shown this once. */
export type CreatedWebhook = AdminWebhook & { signingSecret?: string };

/** delivered: the receiver answered 2xx; retrying: an attempt failed and another is due; failed: retries gave up. */
export type WebhookDeliveryStatus = 'pending' | 'delivered' | 'retrying' | 'failed';

/** One attempt at a delivery: when, and the receiver's answer (its HTTP status) or why none came. */
export type WebhookDeliveryAttempt = {
  at: string;
  /** The receiver's HTTP status, or null when no answer came. */
  status: number | null;
  /** Why it failed, by code; null for a 2xx answer, or an attempt made before reasons were coded (then `error`). */
  reason: CodedMessage | null;
  /** Why it failed, in English; null for a 2xx answer. */
  error: string | null;
};

/** GET /api/admin/webhooks/{id}/deliveries, and POST …/test: one event sent to one webhook. */
export type WebhookDelivery = {
  id: number;
  eventId: string;
  event: string;
  status: WebhookDeliveryStatus;
  attempts: number;
  /** The receiver's last HTTP status, or null when no answer came. */
  lastStatusCode: number | null;
  /** Why the last attempt failed, when it did (no answer, refused address, timeout), in English. */
  lastError: string | null;
  /** The same by code, for the reader's language; null for a success, or an attempt made before reasons were coded. */
  lastReason: CodedMessage | null;
  createdAt: string;
  lastAttemptAt: string | null;
  deliveredAt: string | null;
  /**
   * Each attempt, oldest first (`attempts` counts them): the log Svix and Stripe show. Named apart
   * from `attempts`, the count this answer already carried.
   */
  attemptLog: WebhookDeliveryAttempt[];
};

/** POST /api/admin/reserves/snapshots/{id}/anchor/prepare: the anchor for the staking wallet to sign unchanged (DESIGN 14). */
export type PreparedReservesAnchor = {
  snapshotId: number;
  /** The staking wallet: fee payer and the memo's signer. */
  payer: string;
  /** Base64 of the unsigned serialized transaction. */
  transaction: string;
  blockhash: string;
  lastValidBlockHeight: number;
};

/** The snapshot's one anchor attempt: prepared (waiting for the owner's wallet), sent, landed, or dead (expired, failed). */
export type ReservesAnchorStatus = 'prepared' | 'sent' | 'landed' | 'expired' | 'failed';

/** A snapshot as the panel lists it: what is published, and where its anchor stands. */
export type AdminReservesSnapshot = ReservesSnapshot & {
  anchor: { status: ReservesAnchorStatus; signature: string | null } | null;
};

/** Why an audit of the books against the chain ran (DESIGN 19): the daily job, an owner's request, or a restored database. */
export type BooksAuditReason = 'daily' | 'owner' | 'restore';
export type BooksAuditStatus = 'running' | 'finished' | 'failed';

/**
 * What differs between the books and the chain:
 * - depositDiffers: a stake whose deposit transaction is not on chain, failed, or moved another
 *   amount, mint, sender or destination than the stake records;
 * - depositUnrecorded: a deposit to the staking wallet on chain that no stake records (recorded by
 *   the audit when its intent's reference is known, `resolution: 'recorded'`; otherwise offered);
 * - payoutDiffers: a completed withdrawal whose payout transaction is not on chain or did not pay it;
 * - payoutOfUnpaidWithdrawal: a payout on chain to a withdrawal the books show unpaid (after a
 *   restore): nothing pays it again until an operator pastes that TXID;
 * - payoutUnrecorded: tokens sent from the treasury to a holder that no withdrawal or outflow records;
 * - outflowDiffers: a recorded outflow (DESIGN 15) the chain does not show as recorded;
 * - providersDisagree: the second provider does not show a transaction the first proved.
 */
export const AUDIT_DIFFERENCE_KINDS = [
  'depositDiffers',
  'depositUnrecorded',
  'payoutDiffers',
  'payoutOfUnpaidWithdrawal',
  'payoutUnrecorded',
  'outflowDiffers',
  'providersDisagree',
] as const;
export type AuditDifferenceKind = (typeof AUDIT_DIFFERENCE_KINDS)[number];

/** One side's account of a transaction: whose tokens (the holder's wallet) and how many (tokens, decimal string). */
export type AuditSide = { wallet: string | null; amount: string | null };

export type AuditDifference = {
  kind: AuditDifferenceKind;
  signature: string;
  stakeId: number | null;
  withdrawalId: number | null;
  /** What the books say; null when they say nothing of it. */
  books: AuditSide | null;
  /** What the chain shows; null when it does not show the transaction. */
  chain: AuditSide | null;
  /** Why they differ, when the chain's verifier says it. */
  reason: CodedMessage | null;
  /** recorded: the audit recorded it (a deposit whose intent it knew); toRecord / toReview: waits for an operator. */
  resolution: 'recorded' | 'toRecord' | 'toReview' | null;
};

export type BooksAuditChecked = {
  deposits: number;
  payouts: number;
  outflows: number;
  /** Transactions of the treasury's token accounts read from the chain's history. */
  transactions: number;
  /** Providers asked: 2 when SOLANA_VERIFY_RPC_URL is set, and every transaction proved was also found there. */
  providers: 1 | 2;
};

export const AUDIT_PAYOUT_HOLD_STATUSES = ['open', 'recorded', 'dismissed'] as const;
export type AuditPayoutHoldStatus = (typeof AUDIT_PAYOUT_HOLD_STATUSES)[number];

/**
 * A payout the audit found on chain from the treasury that the books do not record (DESIGN 19).
 * While open, no pending withdrawal of `wallet` and `mint` owing exactly `amount` is paid or
 * rejected, except by pasting `signature` (which records it); an owner may dismiss it with a note.
 * GET /api/admin/audit-holds: the open ones, oldest first; POST /api/admin/audit-holds/{id}/dismiss: the hold.
 */
export type AuditPayoutHold = {
  id: number;
  signature: string;
  wallet: string;
  mint: string;
  /** Tokens, decimal string. */
  amount: string;
  auditId: number;
  foundAt: string;
  status: AuditPayoutHoldStatus;
  /** The withdrawal that recorded it. */
  withdrawalId: number | null;
  resolvedBy: string | null;
  resolvedAt: string | null;
  note: string | null;
};

/** POST /api/admin/audits (202), GET /api/admin/audits/{id} and GET /api/admin/audits (the latest, or null): `{audit}`. */
export type BooksAudit = {
  id: number;
  status: BooksAuditStatus;
  reason: BooksAuditReason;
  startedBy: string | null;
  startedAt: string;
  finishedAt: string | null;
  checked: BooksAuditChecked | null;
  differences: AuditDifference[];
  /** Why a failed audit stopped (the chain could not be asked, say). */
  failure: CodedMessage | null;
};
