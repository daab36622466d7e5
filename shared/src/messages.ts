import { MAX_STAKE_DIGITS } from './constants.js';

/**
 * Every user-visible validation and error message, in one place (English; a pt-BR catalogue with the
 * same keys comes later). Fixed texts live in MESSAGES; texts with a value in them are functions.
 */

export const MESSAGES = {
  // SPEC section 5, verbatim
  usernameRequired: 'Username is required',
  passwordRequired: 'Password is required',
  tokenNameRequired: 'Token name is required',
  tokenSymbolRequired: 'Token symbol is required',
  tokenContractRequired: 'Token contract is required',
  stakingWalletRequired: 'Staking wallet is required',
  planNameRequired: 'Plan name is required',
  yieldRateRequired: 'Yield rate is required',
  durationRequired: 'Duration is required',
  minStakeAmountRequired: 'Minimum stake amount is required',
  earlyPenaltyRateRequired: 'Early penalty rate is required',
  validEmailRequired: 'Valid email is required',
  passwordTooShort: 'Password must be at least 6 characters',
  logoTooLargeTitle: 'File too large',
  logoTooLarge: 'Please select an image smaller than 5MB',

  // Request shape
  requestBodyMustBeObject: 'Request body must be a JSON object',
  validationFailed: 'Some fields are invalid',
  invalidRequest: 'Invalid request',

  // Stakes and withdrawals
  planRequired: 'Staking plan is required',
  originalStakeRequired: 'Original stake is required',
  stakeRequired: 'Stake is required',
  amountRequired: 'Amount is required',
  amountMustBeWhole: 'Amount must be a whole number of tokens',
  amountTooSmall: 'Amount must be at least 1 token',
  amountTooLarge: `Amount must have at most ${MAX_STAKE_DIGITS} digits`,
  walletAddressRequired: 'Wallet address is required',
  invalidWalletAddress: 'Invalid wallet address',
  txIdRequired: 'Transaction ID is required',
  invalidTxId: 'Invalid transaction id',
  txIdOnlyWhenCompleting: 'A transaction ID is only accepted when completing a withdrawal',
  rejectReasonRequired: 'A reason is required to reject a withdrawal',
  reasonOnlyWhenRejecting: 'A reason is only accepted when rejecting a withdrawal',
  withdrawalStatusRequired: 'Status is required',
  withdrawalStatusInvalid: "Status must be 'completed' or 'rejected'",
  stakeStatusInvalid: "A new stake's status can only be 'active'",
  withdrawalRequestStatusInvalid: "A new withdrawal's status can only be 'pending'",

  // Settings
  invalidTokenContract: 'Token contract must be a valid Solana address',
  invalidStakingWallet: 'Staking wallet must be a valid Solana address',
  logoSvgRefused: 'SVG images are not allowed; use PNG, JPEG, WebP or GIF',
  logoWrongType: 'Logo must be a PNG, JPEG, WebP or GIF image',
  logoInvalidData: 'Logo image data is not valid',
  logoContentMismatch: 'Logo content does not match its image type',
  maintenanceTypeInvalid: "Maintenance type must be 'maintenance' or 'update'",

  // Auth and access (server)
  invalidCredentials: 'Invalid username or password',
  authenticationRequired: 'Authentication required',
  sessionExpired: 'Your session has expired, please log in again',
  walletSessionRequired: 'Sign in with your wallet first',
  walletNotYours: 'This wallet does not belong to your session',
  signInMessageRequired: 'Sign-in message is required',
  signatureRequired: 'Signature is required',
  invalidSignature: 'Invalid signature',
  signInExpired: 'The sign-in request has expired, please try again',
  signInUnknown: 'This sign-in request is unknown or was already used; please sign in again',
  signInMismatch: 'The signed message does not match the sign-in request',
  signInWrongDomain: 'This sign-in request was made for another site',
  crossSiteRefused: 'Cross-site requests are not allowed',
  tooManySignIns: 'Too many sign-in attempts, please try again in a minute',

  // Server: resources and state
  notFound: 'Not found',
  planNotFound: 'Staking plan not found',
  stakeNotFound: 'Stake not found',
  withdrawalNotFound: 'Withdrawal not found',
  adminNotFound: 'Admin not found',
  planInactive: 'This staking plan is not active',
  txIdAlreadyUsed: 'This transaction ID has already been used',
  withdrawalAlreadyOpen: 'A withdrawal request is already open for this stake',
  stakeNotWithdrawable: 'This stake cannot be withdrawn in its current state',
  stakeNotRestakable: 'Only a completed stake can be restaked',
  withdrawalAlreadyProcessed: 'This withdrawal has already been processed',
  withdrawalAmountsMismatch: 'The withdrawal amounts do not match this stake',
  depositNotProven: 'The transaction does not prove this deposit',
  chainUnavailable: 'The blockchain network cannot be reached right now; please retry shortly',
  rpcUrlNotPublic: 'Helius RPC URL must point to a public address, not a private, loopback, link-local or reserved one',
  rpcUrlUnresolvable: 'The host name of the Helius RPC URL cannot be resolved',
  rpcProviderRefused: 'the RPC provider URL resolves to an address that is not public, so the server did not connect to it',
  rpcAdminRequired: 'This RPC method needs an admin sign-in',
  rpcInvalidRequest: 'Invalid JSON-RPC request',
  usernameTaken: 'This username is already in use',
  emailTaken: 'This email is already in use',
  passwordRequiredForNewAdmin: 'A password is required for a new admin',
  stakingNotConfigured: 'Staking is not open yet: the operator has not configured the token and staking wallet',
  stakeOfAnotherWallet: 'This stake belongs to another wallet',
  stakeAlreadyRestaked: 'This stake has already been restaked',
  stakeAlreadyWithdrawn: 'This stake has already been withdrawn or restaked',
  invalidToken: 'Invalid token',
  tooManyLoginAttempts: 'Too many login attempts. Please wait 15 minutes and try again.',
  databaseUnavailable: 'Database unavailable',
  invalidStatusFilter: 'The status filter must be a comma-separated list',
  sortOrderInvalid: "Order must be 'asc' or 'desc'",
  cannotDeleteSelf: 'You cannot delete your own account',
  cannotDeleteLastAdmin: 'The last administrator cannot be deleted',
  planFull: 'This staking plan is full',
  maxPerWalletAboveTotal: "Max per wallet cannot be more than the plan's max total staked",
  earlyPenaltyTooHigh: 'Early penalty must be less than 100%',

  // Exactly-once money moves
  withdrawalIdsRequired: 'Choose at least one withdrawal to pay',
  withdrawalIdsRepeated: 'A withdrawal can appear only once in a payout',
  lastValidBlockHeightRequired: 'The last valid block height of the payout transaction is required',
  payoutInFlight: 'A payout for this withdrawal has been sent and is being confirmed on chain',
  payoutPaysWalletTwice: 'One payout transaction can pay each wallet only once',
  payoutBlockHeightTooFar: 'The last valid block height is further ahead than a blockhash lives; sign the payout with a recent blockhash',
  payoutSignatureTaken: 'This signature is already registered for another payout',
  tokenContractLocked: 'The token contract cannot change while stakes are active, completed or awaiting payout',
  depositIntentNotFound: 'Deposit not found',
  // Operator accounts (DESIGN 9)
  twoFactorCodeRequired: 'Enter the 6-digit code from your authenticator app, or a recovery code',
  twoFactorCodeWrong: 'The two-factor code is wrong or was already used',
  twoFactorSetupRequired: 'Two-factor sign-in is required for every admin: set it up to continue',
  twoFactorAlreadyEnabled: 'Two-factor sign-in is already on',
  twoFactorNotEnabled: 'Two-factor sign-in is not on',
  twoFactorNoSetup: 'Start two-factor setup first',
  twoFactorCodeFormat: 'Enter a 6-digit code or a recovery code',
  stepUpRequired: 'Confirm this change with your current password (and two-factor code)',
  stepUpWrong: 'The current password or two-factor code is wrong',
  currentPasswordRequired: 'Current password is required',
  newPasswordRequired: 'New password is required',
  roleInvalid: "Role must be 'owner', 'operator' or 'viewer'",
  lastOwner: 'There must always be at least one owner',
  // Server: transport
  malformedJson: 'The request body is not valid JSON',
  payloadTooLarge: 'The request body is too large',
  tooManyRequests: 'Too many requests, please try again later',
  headersTooLarge: 'The request URL or headers are too large',
  tooManyEventStreams: 'Too many open event streams, please try again later',
  serviceUnavailable: 'The service is temporarily unavailable',
  internalError: 'Something went wrong, please try again',
} as const;

export type MessageKey = keyof typeof MESSAGES;

export function minimumStakeMessage(min: string, symbol: string): string {
  return `Minimum stake amount is ${min} ${symbol}.`;
}

/** A stake that does not fit a plan's cap (issue 8); `remaining` is what still fits. */
export function planCapacityMessage(remaining: string, symbol: string): string {
  return remaining === '0' ? MESSAGES.planFull : `This staking plan has room for only ${remaining} ${symbol} more`;
}

export function walletCapacityMessage(remaining: string, symbol: string): string {
  return remaining === '0'
    ? "Your wallet has reached this plan's limit per wallet"
    : `Your wallet can stake only ${remaining} ${symbol} more in this plan`;
}

/** A refusal for the admin's role (403 with requiredRole). */
export function roleRequiredMessage(role: string): string {
  return `This needs the ${role} role`;
}

/** The per-account throttle (429 with retryAfter). */
export function accountThrottledMessage(retryAfterSeconds: number): string {
  const minutes = Math.ceil(retryAfterSeconds / 60);
  return retryAfterSeconds < 60
    ? `Too many failed sign-ins for this account. Try again in ${retryAfterSeconds} seconds.`
    : `Too many failed sign-ins for this account. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`;
}

export function unknownFieldMessage(name: string): string {
  return `Unknown field: ${name}`;
}

export function mustBeTextMessage(label: string): string {
  return `${label} must be text`;
}

export function mustBeBooleanMessage(label: string): string {
  return `${label} must be true or false`;
}

export function mustBeObjectMessage(label: string): string {
  return `${label} must be an object`;
}

export function tooLongMessage(label: string, max: number): string {
  return `${label} must be at most ${max} characters`;
}

export function tooManyBytesMessage(label: string, max: number): string {
  return `${label} must be at most ${max} bytes`;
}

export function mustBeNumberMessage(label: string): string {
  return `${label} must be a number`;
}

export function mustBeIntegerMessage(label: string): string {
  return `${label} must be a whole number`;
}

export function mustBePositiveIntegerMessage(label: string): string {
  return `${label} must be a positive whole number`;
}

export function tooManyDecimalsMessage(label: string, decimals: number): string {
  return `${label} must have at most ${decimals} decimal places`;
}

export function tooManyDigitsMessage(label: string, digits: number): string {
  return `${label} must have at most ${digits} digits before the decimal point`;
}

export function mustBeGreaterThanMessage(label: string, min: string | number): string {
  return `${label} must be greater than ${min}`;
}

export function mustBeAtLeastMessage(label: string, min: string | number): string {
  return `${label} must be at least ${min}`;
}

export function mustBeAtMostMessage(label: string, max: string | number): string {
  return `${label} must be at most ${max}`;
}

export function rpcBatchSizeMessage(max: number): string {
  return `A batch must hold 1 to ${max} calls`;
}

export function rpcMethodNotAllowedMessage(method: string): string {
  return `Method not allowed through this proxy: ${method}`;
}

export function mustBeUrlMessage(label: string): string {
  return `${label} must be an http(s) URL`;
}

export function mustBeHttpsUrlMessage(label: string): string {
  return `${label} must be an https URL`;
}

export function mustBeEmailMessage(label: string): string {
  return `${label} must be a valid email address`;
}

export function updatedExpiredStakesMessage(count: number): string {
  return `Updated ${count} expired stakes`;
}

/** Payout check (DESIGN 3): says what differs between the withdrawal and the transaction. */
export function payoutMismatchMessage(detail: string): string {
  return `The transaction does not match this withdrawal: ${detail}`;
}

export function sortFieldMessage(allowed: readonly string[]): string {
  return `Sort by one of: ${allowed.join(', ')}`;
}

export function unknownStatusMessage(value: string, allowed: readonly string[]): string {
  return `Unknown status '${value.slice(0, 40)}'; expected ${allowed.join(', ')}`;
}

export function tooManyItemsMessage(label: string, max: number): string {
  return `${label} may list at most ${max} items`;
}

export function mustBeListMessage(label: string): string {
  return `${label} must be a list`;
}

export function noNulMessage(label: string): string {
  return `${label} must not contain NUL characters`;
}
