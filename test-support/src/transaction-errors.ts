/**
 * Turns litesvm's transaction errors into the JSON form the Solana RPC returns
 * (e.g. `{ InstructionError: [0, { Custom: 1 }] }` or `"BlockhashNotFound"`), and into the
 * human-readable text the RPC puts in a preflight failure message.
 */

export type RpcTransactionError = string | Record<string, unknown>;

// Same order as litesvm's `TransactionErrorFieldless` const enum (which does not exist at runtime).
const TRANSACTION_ERRORS = [
  'AccountInUse',
  'AccountLoadedTwice',
  'AccountNotFound',
  'ProgramAccountNotFound',
  'InsufficientFundsForFee',
  'InvalidAccountForFee',
  'AlreadyProcessed',
  'BlockhashNotFound',
  'CallChainTooDeep',
  'MissingSignatureForFee',
  'InvalidAccountIndex',
  'SignatureFailure',
  'InvalidProgramForExecution',
  'SanitizeFailure',
  'ClusterMaintenance',
  'AccountBorrowOutstanding',
  'WouldExceedMaxBlockCostLimit',
  'UnsupportedVersion',
  'InvalidWritableAccount',
  'WouldExceedMaxAccountCostLimit',
  'WouldExceedAccountDataBlockLimit',
  'TooManyAccountLocks',
  'AddressLookupTableNotFound',
  'InvalidAddressLookupTableOwner',
  'InvalidAddressLookupTableData',
  'InvalidAddressLookupTableIndex',
  'InvalidRentPayingAccount',
  'WouldExceedMaxVoteCostLimit',
  'WouldExceedAccountDataTotalLimit',
  'MaxLoadedAccountsDataSizeExceeded',
  'InvalidLoadedAccountsDataSizeLimit',
  'ResanitizationNeeded',
  'UnbalancedTransaction',
  'ProgramCacheHitMaxLimit',
  'CommitCancelled',
] as const;

// Same order as litesvm's `InstructionErrorFieldless` const enum.
const INSTRUCTION_ERRORS = [
  'GenericError',
  'InvalidArgument',
  'InvalidInstructionData',
  'InvalidAccountData',
  'AccountDataTooSmall',
  'InsufficientFunds',
  'IncorrectProgramId',
  'MissingRequiredSignature',
  'AccountAlreadyInitialized',
  'UninitializedAccount',
  'UnbalancedInstruction',
  'ModifiedProgramId',
  'ExternalAccountLamportSpend',
  'ExternalAccountDataModified',
  'ReadonlyLamportChange',
  'ReadonlyDataModified',
  'DuplicateAccountIndex',
  'ExecutableModified',
  'RentEpochModified',
  'NotEnoughAccountKeys',
  'AccountDataSizeChanged',
  'AccountNotExecutable',
  'AccountBorrowFailed',
  'AccountBorrowOutstanding',
  'DuplicateAccountOutOfSync',
  'InvalidError',
  'ExecutableDataModified',
  'ExecutableLamportChange',
  'ExecutableAccountNotRentExempt',
  'UnsupportedProgramId',
  'CallDepth',
  'MissingAccount',
  'ReentrancyNotAllowed',
  'MaxSeedLengthExceeded',
  'InvalidSeeds',
  'InvalidRealloc',
  'ComputationalBudgetExceeded',
  'PrivilegeEscalation',
  'ProgramEnvironmentSetupFailure',
  'ProgramFailedToComplete',
  'ProgramFailedToCompile',
  'Immutable',
  'IncorrectAuthority',
  'AccountNotRentExempt',
  'InvalidAccountOwner',
  'ArithmeticOverflow',
  'UnsupportedSysvar',
  'IllegalOwner',
  'MaxAccountsDataAllocationsExceeded',
  'MaxAccountsExceeded',
  'MaxInstructionTraceLengthExceeded',
  'BuiltinProgramsMustConsumeComputeUnits',
  'BorshIoError',
] as const;

/** What litesvm's `FailedTransactionMetadata.err()` returns: an enum number or a NAPI class instance. */
type LitesvmError = number | { constructor: { name: string } };

interface IndexedError {
  index: number;
  err(): number | { constructor: { name: string } };
}

function instructionErrorToRpc(err: ReturnType<IndexedError['err']>): RpcTransactionError {
  if (typeof err === 'number') return INSTRUCTION_ERRORS[err] ?? `InstructionError${err}`;
  if (err.constructor.name === 'InstructionErrorCustom') return { Custom: (err as unknown as { code: number }).code };
  if (err.constructor.name === 'InstructionErrorBorshIo') return { BorshIoError: (err as unknown as { msg: string }).msg };
  return String(err);
}

export function transactionErrorToRpc(err: LitesvmError): RpcTransactionError {
  if (typeof err === 'number') return TRANSACTION_ERRORS[err] ?? `TransactionError${err}`;
  const fields = err as unknown as { index: number; accountIndex: number };
  switch (err.constructor.name) {
    case 'TransactionErrorInstructionError': {
      const indexed = err as unknown as IndexedError;
      return { InstructionError: [indexed.index, instructionErrorToRpc(indexed.err())] };
    }
    case 'TransactionErrorDuplicateInstruction':
      return { DuplicateInstruction: fields.index };
    case 'TransactionErrorInsufficientFundsForRent':
      return { InsufficientFundsForRent: { account_index: fields.accountIndex } };
    case 'TransactionErrorProgramExecutionTemporarilyRestricted':
      return { ProgramExecutionTemporarilyRestricted: { account_index: fields.accountIndex } };
    default:
      return String(err);
  }
}

const TRANSACTION_ERROR_TEXT: Record<string, string> = {
  AccountInUse: 'Account in use',
  AccountLoadedTwice: 'Account loaded twice',
  AccountNotFound: 'Attempt to debit an account but found no record of a prior credit.',
  ProgramAccountNotFound: 'Attempt to load a program that does not exist',
  InsufficientFundsForFee: 'Insufficient funds for fee',
  InvalidAccountForFee: 'This account may not be used to pay transaction fees',
  AlreadyProcessed: 'This transaction has already been processed',
  BlockhashNotFound: 'Blockhash not found',
  SignatureFailure: 'Transaction did not pass signature verification',
  SanitizeFailure: 'Transaction failed to sanitize accounts offsets correctly',
  InvalidAccountIndex: 'Transaction contains an invalid account reference',
};

const INSTRUCTION_ERROR_TEXT: Record<string, string> = {
  GenericError: 'generic instruction error',
  InvalidArgument: 'invalid program argument',
  InvalidInstructionData: 'invalid instruction data',
  InvalidAccountData: 'invalid account data for instruction',
  AccountDataTooSmall: 'account data too small for instruction',
  InsufficientFunds: 'insufficient funds for instruction',
  IncorrectProgramId: 'incorrect program id for instruction',
  MissingRequiredSignature: 'missing required signature for instruction',
  AccountAlreadyInitialized: 'instruction requires an uninitialized account',
  UninitializedAccount: 'instruction requires an initialized account',
  IllegalOwner: 'Provided owner is not allowed',
  ComputationalBudgetExceeded: 'Computational budget exceeded',
  PrivilegeEscalation: 'Cross-program invocation with unauthorized signer or writable account',
};

function describeInstructionError(err: unknown): string {
  if (typeof err === 'string') return INSTRUCTION_ERROR_TEXT[err] ?? err;
  const custom = (err as { Custom?: number }).Custom;
  if (typeof custom === 'number') return `custom program error: 0x${custom.toString(16)}`;
  return JSON.stringify(err);
}

/** The text the RPC shows after "Transaction simulation failed: ". */
export function describeTransactionError(err: RpcTransactionError): string {
  if (typeof err === 'string') return TRANSACTION_ERROR_TEXT[err] ?? err;
  const [name, value] = Object.entries(err)[0] ?? ['', undefined];
  switch (name) {
    case 'InstructionError': {
      const [index, inner] = value as [number, unknown];
      return `Error processing Instruction ${index}: ${describeInstructionError(inner)}`;
    }
    case 'DuplicateInstruction':
      return `Transaction contains a duplicate instruction (${String(value)}) that is not allowed`;
    case 'InsufficientFundsForRent':
      return `Transaction results in an account (${(value as { account_index: number }).account_index}) with insufficient funds for rent`;
    default:
      return JSON.stringify(err);
  }
}
