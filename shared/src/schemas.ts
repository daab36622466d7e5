/**
 * Request schemas, used by the server on request bodies and params and by the clients' forms.
 * Run them through validate() (validate.ts). Every schema refuses unknown keys.
 */

import type { InferType } from 'yup';
import {
  DEFAULT_PAGE_LIMIT,
  MAINTENANCE_TYPES,
  MAX_DESCRIPTION_LENGTH,
  MAX_DURATION_DAYS,
  MAX_ID,
  MAX_MESSAGE_LENGTH,
  MAX_NAME_LENGTH,
  MAX_PAGE_LIMIT,
  MAX_PAYOUT_WITHDRAWALS,
  MAX_PASSWORD_BYTES,
  MAX_REASON_LENGTH,
  MAX_SIGNED_TRANSACTION_BASE64,
  MAX_SIGN_IN_MESSAGE_LENGTH,
  MAX_STAKE_DIGITS,
  MAX_SYMBOL_LENGTH,
  MAX_TEXT_LENGTH,
  MAX_URL_LENGTH,
  MAX_USERNAME_LENGTH,
  MAX_YIELD_RATE,
  MIN_PASSWORD_LENGTH,
  MIN_STAKE_DECIMALS,
  PENALTY_RATE_LIMIT,
  RATE_DECIMALS,
} from './constants.js';
import { MAX_NEW_WALLET_DELAY_HOURS } from './auto-payout.js';
import { CHANGE_REQUEST_STATUSES, MAX_WALLET_CHANGE_DELAY_HOURS } from './change-requests.js';
import { isWholeNumberString } from './decimal.js';
import { ADMIN_ROLES } from './roles.js';
import { MAX_DURATION_MINUTES } from './plan-duration.js';
import { REVIEW_RESOLUTIONS } from './stake-status.js';
import { WEBHOOK_EVENTS, WEBHOOK_KINDS } from './webhooks.js';
import { RESERVES_CHECK_FAILURE_CODES } from './reserves/check-failure.js';
import { MAX_PASSKEY_NAME_LENGTH } from './passkeys.js';

const BASE64 = /^[A-Za-z0-9+/]+={0,2}$/;
import { msg, type CodedMessage } from './i18n/catalogue.js';
import {
  booleanField,
  choice,
  choiceList,
  decimal,
  decimalOrNone,
  email,
  exactText,
  integer,
  integerList,
  logoDataUrl,
  nestedObject,
  nullableWholeNumber,
  nullableText,
  openObject,
  passkeyResponse,
  requiredText,
  solanaAddress,
  strictObject,
  text,
  transactionSignature,
  url,
  wholeNumber,
} from './schema-fields.js';

function id(label: CodedMessage, requiredMessage: CodedMessage) {
  return integer(label, { min: 1, max: MAX_ID, message: msg('mustBePositiveInteger', { label }) }).required(requiredMessage);
}

function walletAddress() {
  return solanaAddress(msg('walletAddressRequired'), msg('invalidWalletAddress'));
}

/** A stake amount: whole tokens, 1 or more. */
function stakeAmount() {
  return wholeNumber({
    notWholeMessage: msg('amountMustBeWhole'),
    maxDigits: MAX_STAKE_DIGITS,
    tooManyDigitsMessage: msg('amountTooLarge'),
    min: { value: 1n, message: msg('amountTooSmall') },
  });
}

/** A plan's cap: whole tokens, 1 or more, or null for none. */
function capacityCap(label: CodedMessage) {
  return nullableWholeNumber({
    notWholeMessage: msg('mustBeInteger', { label }),
    maxDigits: MAX_STAKE_DIGITS,
    tooManyDigitsMessage: msg('tooManyDigits', { label, digits: MAX_STAKE_DIGITS }),
    min: { value: 1n, message: msg('mustBeAtLeast', { label, min: '1' }) },
  });
}

/** A withdrawal amount: whole tokens, 0 or more. */
function payoutAmount(label: CodedMessage, notWholeMessage: CodedMessage = msg('mustBeInteger', { label })) {
  return wholeNumber({
    notWholeMessage,
    maxDigits: MAX_STAKE_DIGITS,
    tooManyDigitsMessage: msg('tooManyDigits', { label, digits: MAX_STAKE_DIGITS }),
    min: { value: 0n, message: msg('mustBeAtLeast', { label, min: '0' }) },
  });
}

/** A current TOTP code (6 digits) or one unused recovery code (xxxxx-xxxxx). */
export const TOTP_CODE = /^\d{6}$/;
export const RECOVERY_CODE = /^[a-z0-9]{5}-[a-z0-9]{5}$/;
function secondFactorCode() {
  return (
    text(msg('fieldCode'), MAX_TEXT_LENGTH)
      // Only text is normalised: a wrong type reaches the field's own type error (not a crash in here).
      .transform((value: unknown) => (typeof value === 'string' ? value.replace(/\s+/g, '').toLowerCase() : value))
      .test('code-format', msg('twoFactorCodeFormat'), (value) => !value || TOTP_CODE.test(value) || RECOVERY_CODE.test(value))
  );
}

/**
 * The step-up: a change that redirects money or power carries the acting admin's
 * current password, and a code when that admin has two-factor on, or in its place a passkey's
 * answer to the step-up options (POST /api/admin/me/passkeys/step-up-options). Ignored by other changes.
 */
const stepUpFields = {
  currentPassword: exactText(msg('fieldCurrentPassword'), MAX_PASSWORD_BYTES).optional(),
  code: secondFactorCode().optional(),
  passkeyResponse: passkeyResponse(msg('fieldPasskeyResponse')).optional(),
};

function newPassword(label: CodedMessage) {
  return exactText(label, MAX_PASSWORD_BYTES).test(
    'min-length',
    msg('passwordTooShort'),
    (value) => !value || value.length >= MIN_PASSWORD_LENGTH,
  );
}

export const adminLoginSchema = strictObject({
  username: requiredText(msg('fieldUsername'), MAX_USERNAME_LENGTH, msg('usernameRequired')),
  password: exactText(msg('fieldPassword'), MAX_PASSWORD_BYTES).required(msg('passwordRequired')),
  code: secondFactorCode().optional(),
});
export type AdminLoginInput = InferType<typeof adminLoginSchema>;

/** POST /api/admin/login/passkey: the password again, and the passkey's answer to the options the login answered. */
export const adminPasskeyLoginSchema = strictObject({
  username: requiredText(msg('fieldUsername'), MAX_USERNAME_LENGTH, msg('usernameRequired')),
  password: exactText(msg('fieldPassword'), MAX_PASSWORD_BYTES).required(msg('passwordRequired')),
  response: passkeyResponse(msg('fieldPasskeyResponse')).required(msg('passkeyResponseRequired')),
});
export type AdminPasskeyLoginInput = InferType<typeof adminPasskeyLoginSchema>;

function passkeyName() {
  return requiredText(msg('fieldPasskeyName'), MAX_PASSKEY_NAME_LENGTH, msg('passkeyNameRequired'));
}

/** POST /api/admin/me/passkeys: the new passkey's answer to the registration options, its name, and a step-up. */
export const passkeyRegisterSchema = strictObject({
  response: passkeyResponse(msg('fieldPasskeyResponse')).required(msg('passkeyResponseRequired')),
  name: passkeyName(),
  ...stepUpFields,
});
export type PasskeyRegisterInput = InferType<typeof passkeyRegisterSchema>;

/** PATCH /api/admin/me/passkeys/{id}: a new name. */
export const passkeyRenameSchema = strictObject({ name: passkeyName() });
export type PasskeyRenameInput = InferType<typeof passkeyRenameSchema>;

/** DELETE /api/admin/me/passkeys/{id}: the step-up alone. */
export const passkeyRemoveSchema = strictObject({ ...stepUpFields });
export type PasskeyRemoveInput = InferType<typeof passkeyRemoveSchema>;

const socialLinksSchema = nestedObject(
  {
    telegram: url(msg('fieldTelegramLink'), MAX_URL_LENGTH, { httpsOnly: true }),
    discord: url(msg('fieldDiscordLink'), MAX_URL_LENGTH, { httpsOnly: true }),
    twitter: url(msg('fieldTwitterLink'), MAX_URL_LENGTH, { httpsOnly: true }),
    instagram: url(msg('fieldInstagramLink'), MAX_URL_LENGTH, { httpsOnly: true }),
    tiktok: url(msg('fieldTiktokLink'), MAX_URL_LENGTH, { httpsOnly: true }),
  },
  msg('fieldSocialLinks'),
)
  .default(undefined)
  .optional();

/** A policy amount: tokens, with the decimals a stake may have. */
function policyAmount(label: CodedMessage) {
  return decimal(label, { maxDecimals: MIN_STAKE_DECIMALS, maxIntegerDigits: MAX_STAKE_DIGITS, atLeast: '0' }).required(
    msg('fieldRequired', { label }),
  );
}

const autoPayoutSchema = nestedObject(
  {
    enabled: booleanField(msg('fieldAutoPayoutEnabled')).required(msg('fieldRequired', { label: msg('fieldAutoPayoutEnabled') })),
    maxPerWithdrawal: policyAmount(msg('fieldMaxPerWithdrawal')),
    maxPer24h: policyAmount(msg('fieldMaxPer24h')),
    minHotBalance: policyAmount(msg('fieldMinHotBalance')),
    newWalletDelayHours: integer(msg('fieldNewWalletDelayHours'), { min: 0, max: MAX_NEW_WALLET_DELAY_HOURS }).required(
      msg('fieldRequired', { label: msg('fieldNewWalletDelayHours') }),
    ),
  },
  msg('fieldAutoPayout'),
)
  .default(undefined)
  .optional();

/**
 * PUT /api/admin/settings. Absent optional fields (no default) mean "keep the stored value";
 * tokenLogo: null or '' removes the logo; heliusApiKey: '' keeps the stored key, removeHeliusApiKey drops it.
 */
export const settingsSchema = strictObject({
  tokenName: requiredText(msg('fieldTokenName'), MAX_NAME_LENGTH, msg('tokenNameRequired')),
  tokenSymbol: requiredText(msg('fieldTokenSymbol'), MAX_SYMBOL_LENGTH, msg('tokenSymbolRequired')),
  tokenContract: solanaAddress(msg('tokenContractRequired'), msg('invalidTokenContract')),
  stakingWallet: solanaAddress(msg('stakingWalletRequired'), msg('invalidStakingWallet')),
  tokenLogo: logoDataUrl(msg('fieldLogo')),
  heliusApiKey: text(msg('fieldHeliusApiKey'), MAX_TEXT_LENGTH),
  /** true forgets the stored key (a blank heliusApiKey keeps it). */
  removeHeliusApiKey: booleanField(msg('fieldRemoveApiKey')).optional(),
  heliusRpcUrl: url(msg('fieldHeliusRpcUrl'), MAX_URL_LENGTH, { httpsOnly: true }),
  /** '' for the cluster's public endpoint; http only where ALLOW_PRIVATE_RPC lets the server take it (holder-rpc.ts). */
  holderRpcUrl: url(msg('fieldHolderRpcUrl'), MAX_URL_LENGTH, { httpsOnly: false }),
  supportEmail: email(msg('fieldSupportEmail')),
  supportWhatsapp: text(msg('fieldSupportWhatsapp'), MAX_TEXT_LENGTH),
  supportTelegram: text(msg('fieldSupportTelegram'), MAX_TEXT_LENGTH),
  maintenanceMode: booleanField(msg('fieldMaintenanceMode')).optional(),
  maintenanceMessage: text(msg('fieldMaintenanceMessage'), MAX_MESSAGE_LENGTH),
  maintenanceType: choice(MAINTENANCE_TYPES, msg('maintenanceTypeInvalid')).optional(),
  maintenanceEstimatedTime: text(msg('fieldEstimatedTime'), MAX_TEXT_LENGTH),
  socialLinks: socialLinksSchema,
  statsOffsetStaked: wholeNumber({
    notWholeMessage: msg('mustBeInteger', { label: msg('fieldTotalStakedOffset') }),
    maxDigits: MAX_STAKE_DIGITS,
    tooManyDigitsMessage: msg('tooManyDigits', { label: msg('fieldTotalStakedOffset'), digits: MAX_STAKE_DIGITS }),
    min: { value: 0n, message: msg('mustBeAtLeast', { label: msg('fieldTotalStakedOffset'), min: '0' }) },
  }).optional(),
  statsOffsetStakers: integer(msg('fieldStakersOffset'), { min: 0, max: MAX_ID }).optional(),
  requireTwoFactor: booleanField(msg('fieldRequireTwoFactor')).optional(),
  requirePasskeysForOwners: booleanField(msg('fieldRequirePasskeysForOwners')).optional(),
  autoPayout: autoPayoutSchema,
  /** Withdrawals of at least this many tokens wait for a second admin's approval (DESIGN 17); '' for none. */
  approvalThreshold: decimalOrNone(msg('fieldApprovalThreshold'), {
    maxDecimals: MIN_STAKE_DECIMALS,
    maxIntegerDigits: MAX_STAKE_DIGITS,
    atLeast: '0',
  }).optional(),
  walletChangeDelayHours: integer(msg('fieldWalletChangeDelayHours'), { min: 0, max: MAX_WALLET_CHANGE_DELAY_HOURS }).optional(),
  ...stepUpFields,
});
export type SettingsInput = InferType<typeof settingsSchema>;

/** POST /api/admin/me/two-factor/enable: a current code from the new secret proves the authenticator has it. */
export const twoFactorEnableSchema = strictObject({
  code: secondFactorCode().required(msg('twoFactorCodeRequired')),
});
export type TwoFactorEnableInput = InferType<typeof twoFactorEnableSchema>;

/** POST /api/admin/me/two-factor/disable: the password and a current code, or in its place a passkey's answer (a step-up). */
export const twoFactorDisableSchema = strictObject({
  currentPassword: exactText(msg('fieldCurrentPassword'), MAX_PASSWORD_BYTES).required(msg('currentPasswordRequired')),
  code: secondFactorCode().when('passkeyResponse', ([answer], schema) =>
    answer === undefined ? schema.required(msg('twoFactorCodeRequired')) : schema.optional(),
  ),
  passkeyResponse: passkeyResponse(msg('fieldPasskeyResponse')).optional(),
});
export type TwoFactorDisableInput = InferType<typeof twoFactorDisableSchema>;

/** POST /api/admin/me/password. */
export const passwordChangeSchema = strictObject({
  currentPassword: exactText(msg('fieldCurrentPassword'), MAX_PASSWORD_BYTES).required(msg('currentPasswordRequired')),
  // Required here, not in the helper: a union of optional and required would type the field optional.
  newPassword: newPassword(msg('fieldNewPassword')).required(msg('newPasswordRequired')),
});
export type PasswordChangeInput = InferType<typeof passwordChangeSchema>;

const absent = (value: unknown) => value === undefined || value === null || value === '';

/**
 * POST and PUT /api/admin/staking-plans. Rates and minimum come out as canonical decimal strings.
 * The duration is durationDays or, accepted by a demo server only (DESIGN 16), durationMinutes.
 */
export const planSchema = strictObject({
  name: requiredText(msg('fieldPlanName'), MAX_NAME_LENGTH, msg('planNameRequired')),
  description: nullableText(msg('fieldDescription'), MAX_DESCRIPTION_LENGTH),
  yieldRate: decimal(msg('fieldYieldRate'), { maxDecimals: RATE_DECIMALS, above: '0', atMost: MAX_YIELD_RATE }).required(
    msg('yieldRateRequired'),
  ),
  durationDays: integer(msg('fieldDuration'), { min: 1, max: MAX_DURATION_DAYS }).when('durationMinutes', ([minutes], schema) =>
    absent(minutes) ? schema.required(msg('durationRequired')) : schema.optional(),
  ),
  durationMinutes: integer(msg('fieldDurationMinutes'), { min: 1, max: MAX_DURATION_MINUTES })
    .optional()
    .test('one-unit', msg('durationOneUnit'), function (minutes) {
      return absent(minutes) || absent(this.parent.durationDays);
    }),
  minStakeAmount: decimal(msg('fieldMinimumStakeAmount'), {
    maxDecimals: MIN_STAKE_DECIMALS,
    maxIntegerDigits: MAX_STAKE_DIGITS,
    above: '0',
  }).required(msg('minStakeAmountRequired')),
  earlyPenaltyRate: decimal(msg('fieldEarlyPenaltyRate'), {
    maxDecimals: RATE_DECIMALS,
    atLeast: '0',
    below: { value: PENALTY_RATE_LIMIT, message: msg('earlyPenaltyTooHigh') },
  }).required(msg('earlyPenaltyRateRequired')),
  // Absent keeps the plan's state (a new plan starts active): an edit form cannot reactivate it by omission.
  isActive: booleanField(msg('fieldActive')).optional(),
  // Absent keeps the cap; null or '' removes it.
  maxTotalStaked: capacityCap(msg('fieldMaxTotalStaked')),
  maxPerWallet: capacityCap(msg('fieldMaxPerWallet')).test('within-total', msg('maxPerWalletAboveTotal'), function (value) {
    const total: unknown = this.parent.maxTotalStaked;
    if (value == null || typeof total !== 'string' || !isWholeNumberString(value) || !isWholeNumberString(total)) return true;
    return BigInt(value) <= BigInt(total);
  }),
});
export type PlanInput = InferType<typeof planSchema>;

/**
 * POST /api/admin/admins and PUT /api/admin/admins/{id}. password: absent or '' is accepted here
 * (the form does not require one); the server requires it on creation and keeps the current
 * one on update.
 */
export const adminCreateSchema = strictObject({
  email: email(msg('fieldEmail'), msg('validEmailRequired')).required(msg('validEmailRequired')),
  username: requiredText(msg('fieldUsername'), MAX_USERNAME_LENGTH, msg('usernameRequired')),
  password: newPassword(msg('fieldPassword')),
  /** Default operator on creation; absent on update keeps the role. */
  role: choice(ADMIN_ROLES, msg('roleInvalid')).optional(),
  ...stepUpFields,
});
export type AdminCreateInput = InferType<typeof adminCreateSchema>;

export const adminUpdateSchema = adminCreateSchema;
export type AdminUpdateInput = InferType<typeof adminUpdateSchema>;

/** POST /api/stakes. amount: whole tokens as a string (a JS integer is converted). */
export const stakeCreateSchema = strictObject({
  planId: id(msg('fieldPlan'), msg('planRequired')),
  amount: stakeAmount().required(msg('amountRequired')),
  walletAddress: walletAddress(),
  txId: transactionSignature(msg('invalidTxId')).required(msg('txIdRequired')),
  status: choice(['active'], msg('stakeStatusInvalid')),
});
export type StakeCreateInput = InferType<typeof stakeCreateSchema>;

/** POST /api/stakes/check: would this deposit be accepted? Asked before the holder signs the transfer. */
export const stakeCheckSchema = strictObject({
  planId: id(msg('fieldPlan'), msg('planRequired')),
  amount: stakeAmount().required(msg('amountRequired')),
  walletAddress: walletAddress(),
});
export type StakeCheckInput = InferType<typeof stakeCheckSchema>;

/** POST /api/stakes/intents: the terms a holder is about to sign a transfer for. */
export const depositIntentSchema = stakeCheckSchema;
export type DepositIntentInput = StakeCheckInput;

/** POST /api/stakes/intents without a wallet: scan to stake, for whichever wallet pays. */
export const scanIntentSchema = strictObject({
  planId: id(msg('fieldPlan'), msg('planRequired')),
  amount: stakeAmount().required(msg('amountRequired')),
});
export type ScanIntentInput = InferType<typeof scanIntentSchema>;

/** POST /api/actions/stake/{planId}'s query: `amount`, filled in by the Action client from its parameter. */
export const actionStakeQuerySchema = openObject({
  amount: stakeAmount().required(msg('amountRequired')),
});

/**
 * POST /api/actions/stake/{planId}: a Solana Actions client's body (ActionPostRequest): the wallet
 * that would sign. Fields the spec has or may add (`type`, `data`) are ignored, as it asks.
 */
export const actionPostSchema = openObject({
  account: walletAddress(),
});

/** POST /api/admin/payouts: the withdrawals the server is to build one payout transaction for. */
export const payoutPrepareSchema = strictObject({
  withdrawalIds: integerList(
    msg('fieldWithdrawals'),
    integer(msg('fieldWithdrawal'), { min: 1, max: MAX_ID, message: msg('mustBePositiveInteger', { label: msg('fieldWithdrawal') }) }),
    {
      max: MAX_PAYOUT_WITHDRAWALS,
      requiredMessage: msg('withdrawalIdsRequired'),
      repeatedMessage: msg('withdrawalIdsRepeated'),
      itemMessage: msg('mustBePositiveInteger', { label: msg('fieldWithdrawal') }),
    },
  ),
});
export type PayoutPrepareInput = InferType<typeof payoutPrepareSchema>;

/**
 * POST /api/admin/payouts/{id}/signed: the signed transaction (base64), or, from a wallet that
 * can only sign and send, the signature of the transaction it sent. Exactly one of them.
 */
export const payoutSignedSchema = strictObject({
  transaction: text(msg('fieldTransaction'), MAX_SIGNED_TRANSACTION_BASE64).test(
    'base64',
    msg('transactionNotBase64'),
    (value) => !value || BASE64.test(value),
  ),
  signature: transactionSignature(msg('invalidTxId')),
}).test('one-of', msg('payoutSignedOneOf'), (value) => Boolean(value.transaction) !== Boolean(value.signature));
export type PayoutSignedInput = InferType<typeof payoutSignedSchema>;

/** POST /api/admin/reserves/snapshots/{id}/anchor/submit: the staking wallet's signed copy of the prepared anchor (base64). */
export const reservesAnchorSubmitSchema = strictObject({
  transaction: requiredText(msg('fieldTransaction'), MAX_SIGNED_TRANSACTION_BASE64, msg('signedTransactionRequired')).test(
    'base64',
    msg('transactionNotBase64'),
    (value) => BASE64.test(value),
  ),
});
export type ReservesAnchorSubmitInput = InferType<typeof reservesAnchorSubmitSchema>;

/** POST /api/admin/withdrawals/{id}/resolve: an owner's decision on a withdrawal under review, with step-up. */
export const withdrawalResolveSchema = strictObject({
  action: choice(REVIEW_RESOLUTIONS, msg('resolveActionInvalid')).required(msg('resolveActionInvalid')),
  note: requiredText(msg('fieldNote'), MAX_REASON_LENGTH, msg('resolveNoteRequired')),
  ...stepUpFields,
});
export type WithdrawalResolveInput = InferType<typeof withdrawalResolveSchema>;

/** POST /api/admin/outflows/{signature}/explain: an owner's account of tokens that left the treasury outside the books, with step-up. */
export const outflowExplainSchema = strictObject({
  note: requiredText(msg('fieldNote'), MAX_REASON_LENGTH, msg('outflowNoteRequired')),
  ...stepUpFields,
});
export type OutflowExplainInput = InferType<typeof outflowExplainSchema>;

/** POST /api/admin/audit-holds/{id}/dismiss (owner, step-up): why the payout found on chain does not pay this holder. */
export const auditHoldDismissSchema = strictObject({
  note: requiredText(msg('fieldNote'), MAX_REASON_LENGTH, msg('auditHoldNoteRequired')),
  ...stepUpFields,
});
export type AuditHoldDismissInput = InferType<typeof auditHoldDismissSchema>;

/** A change that needs nothing but the acting owner's step-up: approving or cancelling a change request (DESIGN 17). */
export const stepUpProofSchema = strictObject({ ...stepUpFields });
export type StepUpProofInput = InferType<typeof stepUpProofSchema>;

/** POST /api/admin/change-requests/{id}/reject: why, for the owner who asked. */
export const changeRequestRejectSchema = strictObject({
  reason: requiredText(msg('fieldReason'), MAX_REASON_LENGTH, msg('changeRequestReasonRequired')),
});
export type ChangeRequestRejectInput = InferType<typeof changeRequestRejectSchema>;

/** GET /api/admin/change-requests?status=: one status, or every request when absent. */
export const changeRequestListQuerySchema = strictObject({
  status: choice(CHANGE_REQUEST_STATUSES, msg('changeRequestStatusInvalid')).optional(),
});

/** POST /api/stakes/restake. */
export const restakeSchema = strictObject({
  originalStakeId: id(msg('fieldOriginalStake'), msg('originalStakeRequired')),
  planId: id(msg('fieldPlan'), msg('planRequired')),
  walletAddress: walletAddress(),
});
export type RestakeInput = InferType<typeof restakeSchema>;

/** POST /api/withdrawals. The amounts are checked against the server's own quote, never trusted. */
export const withdrawalRequestSchema = strictObject({
  stakeId: id(msg('fieldStake'), msg('stakeRequired')),
  walletAddress: walletAddress(),
  amount: payoutAmount(msg('fieldAmount'), msg('amountMustBeWhole')),
  finalAmount: payoutAmount(msg('fieldFinalAmount')),
  penaltyAmount: payoutAmount(msg('fieldPenaltyAmount')),
  status: choice(['pending'], msg('withdrawalRequestStatusInvalid')),
});
export type WithdrawalRequestInput = InferType<typeof withdrawalRequestSchema>;

/**
 * PUT /api/admin/withdrawals/{id}: completed needs txId (and no reason); rejected needs a reason
 * (and no txId). '' counts as absent.
 */
export const withdrawalProcessSchema = strictObject({
  status: choice(['completed', 'rejected'], msg('withdrawalStatusInvalid')).required(msg('withdrawalStatusRequired')),
  txId: transactionSignature(msg('invalidTxId')).when('status', ([status], schema) => {
    if (status === 'completed') return schema.required(msg('txIdRequired'));
    if (status === 'rejected') {
      return text(msg('fieldTransactionId'), MAX_TEXT_LENGTH).test(
        'only-when-completing',
        msg('txIdOnlyWhenCompleting'),
        (value) => !value,
      );
    }
    return schema;
  }),
  reason: text(msg('fieldReason'), MAX_REASON_LENGTH).when('status', ([status], schema) => {
    if (status === 'rejected') return schema.required(msg('rejectReasonRequired'));
    if (status === 'completed') return schema.test('only-when-rejecting', msg('reasonOnlyWhenRejecting'), (value) => !value);
    return schema;
  }),
});
export type WithdrawalProcessInput = InferType<typeof withdrawalProcessSchema>;

export const pageLimit = (byDefault: number) => integer(msg('fieldLimit'), { min: 1, max: MAX_PAGE_LIMIT }).default(byDefault);
export const pageOffset = () => integer(msg('fieldOffset'), { min: 0, max: MAX_ID }).default(0);

/** ?limit=&offset= of admin lists (query strings; '' means the default). */
export const paginationSchema = strictObject({ limit: pageLimit(DEFAULT_PAGE_LIMIT), offset: pageOffset() });
export type PaginationInput = InferType<typeof paginationSchema>;

export const SORT_ORDERS = ['asc', 'desc'] as const;
export type SortOrder = (typeof SORT_ORDERS)[number];
export const STAKE_SORT_FIELDS = ['createdAt', 'endsAt', 'completedAt', 'amount', 'walletAddress', 'planName', 'status'] as const;
export type StakeSortField = (typeof STAKE_SORT_FIELDS)[number];
export const WITHDRAWAL_SORT_FIELDS = ['requestedAt', 'processedAt', 'finalAmount', 'walletAddress', 'status'] as const;
export type WithdrawalSortField = (typeof WITHDRAWAL_SORT_FIELDS)[number];

/** ?limit=&offset=&sort=&order=&q= of the admin stake and withdrawal lists (query-schemas.ts). */
export type AdminListQuery<F extends string> = PaginationInput & { sort?: F; order?: SortOrder; q?: string };

/**
 * Each path parameter's rule, by the name the routes' paths give it (`:id`, `:walletAddress`): a
 * route's req.params are checked by the rules of the names its path uses (route-params.ts).
 */
export const PATH_PARAM_FIELDS = {
  /** A positive integer from its string form. */
  id: id(msg('fieldId'), msg('mustBePositiveInteger', { label: msg('fieldId') })),
  /** The Actions API's plan (GET and POST /api/actions/stake/{planId}). */
  planId: id(msg('fieldPlan'), msg('planRequired')),
  /** An outflow's transaction signature. */
  signature: transactionSignature(msg('invalidTxId')).required(msg('txIdRequired')),
  walletAddress: walletAddress(),
};

/** POST /api/reserves/{id}/check-failures: why the holder's proof did not check, by the verifier's code. */
export const reservesCheckFailureSchema = strictObject({
  code: choice(RESERVES_CHECK_FAILURE_CODES, msg('reservesCheckCodeInvalid')).required(msg('reservesCheckCodeInvalid')),
});

/** POST /api/auth/nonce. */
export const authNonceSchema = strictObject({
  walletAddress: walletAddress(),
});
export type AuthNonceInput = InferType<typeof authNonceSchema>;

/** POST /api/demo/tokens (demo mode only, DESIGN 16): the wallet the faucet funds. */
export const demoTokensSchema = strictObject({
  walletAddress: walletAddress(),
});

/** POST /api/auth/verify: signature is the base58 ed25519 signature (64 bytes) of the message. */
export const authVerifySchema = strictObject({
  walletAddress: walletAddress(),
  // Not trimmed: the signed message must reach the server byte for byte.
  message: exactText(msg('fieldSignInMessage'), MAX_SIGN_IN_MESSAGE_LENGTH).required(msg('signInMessageRequired')),
  signature: transactionSignature(msg('invalidSignature')).required(msg('signatureRequired')),
});
export type AuthVerifyInput = InferType<typeof authVerifySchema>;

const webhookFields = {
  kind: choice(WEBHOOK_KINDS, msg('webhookKindInvalid')).required(msg('webhookKindInvalid')),
  /** Telegram: the Bot API (blank: api.telegram.org). Whether it is https and public is the server's check. */
  url: url(msg('fieldWebhookUrl'), MAX_URL_LENGTH, { httpsOnly: false }),
  events: choiceList(msg('fieldWebhookEvents'), WEBHOOK_EVENTS, {
    requiredMessage: msg('webhookEventsRequired'),
    itemMessage: msg('webhookEventInvalid'),
  }),
  /** standard: a whsec_ signing secret of the operator's (blank: the server makes one); telegram: the bot token. */
  secret: exactText(msg('fieldWebhookSecret'), MAX_TEXT_LENGTH).optional(),
  chatId: text(msg('fieldChatId'), MAX_TEXT_LENGTH).optional(),
};

/**
 * POST /api/admin/webhooks. PUT takes the same fields; there a blank secret keeps the stored one,
 * and so does a blank URL of a Slack or Discord webhook (the URL is its secret, never shown again).
 */
export const webhookSchema = strictObject(webhookFields);
export type WebhookInput = InferType<typeof webhookSchema>;
