/**
 * The "jsonParsed" shapes of the Solana RPC: SPL Token account and mint data, token amounts, and
 * the instructions the RPC knows how to parse (System, SPL Token/Token-2022, Associated Token
 * Account, Memo). Anything else is left for the caller to show raw, as the RPC does.
 */
import bs58 from 'bs58';

export const SYSTEM_PROGRAM = '11111111111111111111111111111111';
export const TOKEN_PROGRAM = 'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA';
export const TOKEN_2022_PROGRAM = 'TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb';
const ASSOCIATED_TOKEN_PROGRAM = 'ATokenGPvbdGVxr1b2hvZbsiqW5xWH25efTNsLJA8knL';
const MEMO_PROGRAMS = new Set(['MemoSq4gqABAXKb96qnH8TysNcWxMyWCqXgDLGmfcHr', 'Memo1UhkJRfHyvLMcVucJwxXeuD728EqVDDwQDxFMNo']);

export function isTokenProgram(programId: string): boolean {
  return programId === TOKEN_PROGRAM || programId === TOKEN_2022_PROGRAM;
}

export interface UiTokenAmount {
  uiAmount: number | null;
  decimals: number;
  amount: string;
  uiAmountString: string;
}

export function uiTokenAmount(amount: bigint, decimals: number): UiTokenAmount {
  const divisor = 10n ** BigInt(decimals);
  const fraction = (amount % divisor).toString().padStart(decimals, '0').replace(/0+$/, '');
  const whole = (amount / divisor).toString();
  return {
    // The RPC divides as f64 and gives up (null) when 10^decimals overflows a u64.
    uiAmount: decimals <= 19 ? Number(amount) / 10 ** decimals : null,
    decimals,
    amount: amount.toString(),
    uiAmountString: fraction ? `${whole}.${fraction}` : whole,
  };
}

/** Little-endian reader over account or instruction data; throws RangeError past the end. */
class Reader {
  private readonly view: DataView;
  constructor(
    private readonly data: Uint8Array,
    private offset = 0,
  ) {
    this.view = new DataView(data.buffer, data.byteOffset, data.byteLength);
  }
  get remaining(): number {
    return this.data.length - this.offset;
  }
  u8(): number {
    const value = this.view.getUint8(this.offset);
    this.offset += 1;
    return value;
  }
  u16(): number {
    const value = this.view.getUint16(this.offset, true);
    this.offset += 2;
    return value;
  }
  u32(): number {
    const value = this.view.getUint32(this.offset, true);
    this.offset += 4;
    return value;
  }
  u64(): bigint {
    const value = this.view.getBigUint64(this.offset, true);
    this.offset += 8;
    return value;
  }
  pubkey(): string {
    if (this.remaining < 32) throw new RangeError('pubkey out of bounds');
    const value = bs58.encode(this.data.subarray(this.offset, this.offset + 32));
    this.offset += 32;
    return value;
  }
  /** Account state stores COption with a 4-byte tag, instruction data with a 1-byte tag. */
  optionalPubkey(tagBytes: 1 | 4): string | null {
    if (tagBytes === 1) return this.u8() === 0 ? null : this.pubkey(); // instruction data omits an absent key
    const tag = this.u32();
    const value = this.pubkey();
    return tag === 0 ? null : value;
  }
  optionalU64(): bigint | null {
    const tag = this.u32();
    const value = this.u64();
    return tag === 0 ? null : value;
  }
}

// ---------------------------------------------------------------------------------------------
// Account data

const MINT_LENGTH = 82;
const ACCOUNT_LENGTH = 165;
const MULTISIG_LENGTH = 355;
const ACCOUNT_STATES = ['uninitialized', 'initialized', 'frozen'] as const;
const UNSET_PUBKEY = '11111111111111111111111111111111'; // 32 zero bytes

// Token-2022 extension type numbers, as the RPC names them.
const EXTENSION_NAMES = [
  'uninitialized',
  'transferFeeConfig',
  'transferFeeAmount',
  'mintCloseAuthority',
  'confidentialTransferMint',
  'confidentialTransferAccount',
  'defaultAccountState',
  'immutableOwner',
  'memoTransfer',
  'nonTransferable',
  'interestBearingConfig',
  'cpiGuard',
  'permanentDelegate',
  'nonTransferableAccount',
  'transferHook',
  'transferHookAccount',
  'confidentialTransferFeeConfig',
  'confidentialTransferFeeAmount',
  'metadataPointer',
  'tokenMetadata',
  'groupPointer',
  'tokenGroup',
  'groupMemberPointer',
  'tokenGroupMember',
  'confidentialMintBurn',
  'scaledUiAmount',
  'pausable',
  'pausableAccount',
  'permissionedBurn',
];
// Extensions without state the RPC shows as just their name; the rest we cannot render faithfully.
const STATELESS_EXTENSIONS = new Set([7, 9, 13, 27]);

type TokenAccountKind = 'account' | 'mint' | 'multisig';

function tokenAccountKind(programId: string, data: Uint8Array): TokenAccountKind | null {
  if (!isTokenProgram(programId)) return null;
  if (data.length === ACCOUNT_LENGTH) return 'account';
  if (data.length === MINT_LENGTH) return 'mint';
  if (data.length === MULTISIG_LENGTH) return 'multisig';
  if (programId === TOKEN_2022_PROGRAM && data.length > ACCOUNT_LENGTH) {
    if (data[ACCOUNT_LENGTH] === 2) return 'account';
    if (data[ACCOUNT_LENGTH] === 1) return 'mint';
  }
  return null;
}

function extensionTypes(data: Uint8Array): number[] {
  const types: number[] = [];
  if (data.length <= ACCOUNT_LENGTH + 1) return types;
  const reader = new Reader(data, ACCOUNT_LENGTH + 1);
  while (reader.remaining >= 4) {
    const type = reader.u16();
    const length = reader.u16();
    if (type === 0) break;
    types.push(type);
    if (reader.remaining < length) break;
    for (let i = 0; i < length; i++) reader.u8();
  }
  return types;
}

export interface TokenAccountState {
  mint: string;
  owner: string;
  amount: bigint;
  delegate: string | null;
  state: (typeof ACCOUNT_STATES)[number];
  nativeReserve: bigint | null;
  delegatedAmount: bigint;
  closeAuthority: string | null;
  extensions: number[];
}

/** An initialized SPL Token / Token-2022 token account, or null. */
export function decodeTokenAccount(programId: string, data: Uint8Array): TokenAccountState | null {
  if (tokenAccountKind(programId, data) !== 'account') return null;
  const reader = new Reader(data);
  const account = {
    mint: reader.pubkey(),
    owner: reader.pubkey(),
    amount: reader.u64(),
    delegate: reader.optionalPubkey(4),
    state: ACCOUNT_STATES[reader.u8()] ?? 'uninitialized',
    nativeReserve: reader.optionalU64(),
    delegatedAmount: reader.u64(),
    closeAuthority: reader.optionalPubkey(4),
    extensions: extensionTypes(data),
  };
  return account.state === 'uninitialized' ? null : account;
}

export interface MintState {
  mintAuthority: string | null;
  supply: bigint;
  decimals: number;
  isInitialized: boolean;
  freezeAuthority: string | null;
  extensions: number[];
}

/** An initialized SPL Token / Token-2022 mint, or null. */
export function decodeMint(programId: string, data: Uint8Array): MintState | null {
  if (tokenAccountKind(programId, data) !== 'mint') return null;
  const reader = new Reader(data);
  const mint = {
    mintAuthority: reader.optionalPubkey(4),
    supply: reader.u64(),
    decimals: reader.u8(),
    isInitialized: reader.u8() === 1,
    freezeAuthority: reader.optionalPubkey(4),
    extensions: extensionTypes(data),
  };
  return mint.isInitialized ? mint : null;
}

function uiExtensions(types: number[]): { extensions?: { extension: string }[] } {
  if (types.length === 0) return {};
  return {
    extensions: types.map((type) => ({
      extension: STATELESS_EXTENSIONS.has(type) ? (EXTENSION_NAMES[type] ?? 'unparseableExtension') : 'unparseableExtension',
    })),
  };
}

export interface ParsedAccountData {
  program: 'spl-token' | 'spl-token-2022';
  parsed: { type: TokenAccountKind; info: Record<string, unknown> };
  space: number;
}

/**
 * The jsonParsed form of a token program account, or null when the RPC would fall back to base64.
 * `mintDecimals` looks up a mint's decimals (a token account's amounts need them).
 */
export function parseTokenProgramAccount(
  programId: string,
  data: Uint8Array,
  mintDecimals: (mint: string) => number | null,
): ParsedAccountData | null {
  const kind = tokenAccountKind(programId, data);
  const program = programId === TOKEN_2022_PROGRAM ? 'spl-token-2022' : 'spl-token';
  const wrap = (type: TokenAccountKind, info: Record<string, unknown>): ParsedAccountData => ({
    program,
    parsed: { type, info },
    space: data.length,
  });
  if (kind === 'account') {
    const account = decodeTokenAccount(programId, data);
    const decimals = account && mintDecimals(account.mint);
    if (!account || decimals == null) return null;
    return wrap('account', {
      isNative: account.nativeReserve !== null,
      mint: account.mint,
      owner: account.owner,
      state: account.state,
      tokenAmount: uiTokenAmount(account.amount, decimals),
      ...(account.delegate ? { delegate: account.delegate, delegatedAmount: uiTokenAmount(account.delegatedAmount, decimals) } : {}),
      ...(account.nativeReserve !== null ? { rentExemptReserve: uiTokenAmount(account.nativeReserve, decimals) } : {}),
      ...(account.closeAuthority ? { closeAuthority: account.closeAuthority } : {}),
      ...uiExtensions(account.extensions),
    });
  }
  if (kind === 'mint') {
    const mint = decodeMint(programId, data);
    if (!mint) return null;
    return wrap('mint', {
      decimals: mint.decimals,
      freezeAuthority: mint.freezeAuthority,
      isInitialized: mint.isInitialized,
      mintAuthority: mint.mintAuthority,
      supply: mint.supply.toString(),
      ...uiExtensions(mint.extensions),
    });
  }
  if (kind === 'multisig') {
    const reader = new Reader(data);
    const numRequiredSigners = reader.u8();
    const numValidSigners = reader.u8();
    const isInitialized = reader.u8() === 1;
    const signers = Array.from({ length: 11 }, () => reader.pubkey()).filter((key) => key !== UNSET_PUBKEY);
    return wrap('multisig', { isInitialized, numRequiredSigners, numValidSigners, signers });
  }
  return null;
}

// ---------------------------------------------------------------------------------------------
// Instructions

export interface ParsedInstruction {
  program: string;
  parsed: unknown;
}

type Info = Record<string, unknown>;

function needAccounts(accounts: string[], count: number): void {
  if (accounts.length < count) throw new RangeError('not enough accounts');
}

/** The RPC's multisig convention: extra accounts after the authority are the multisig's signers. */
function withSigners(info: Info, accounts: string[], authorityIndex: number, field: string, multisigField: string): Info {
  if (accounts.length > authorityIndex + 1) {
    return { ...info, [multisigField]: accounts[authorityIndex], signers: accounts.slice(authorityIndex + 1) };
  }
  return { ...info, [field]: accounts[authorityIndex] };
}

const AUTHORITY_TYPES = [
  'mintTokens',
  'freezeAccount',
  'accountOwner',
  'closeAccount',
  'transferFeeConfig',
  'withheldWithdraw',
  'closeMint',
  'interestRate',
  'permanentDelegate',
  'confidentialTransferMint',
  'transferHookProgramId',
  'confidentialTransferFeeConfig',
  'metadataPointer',
  'groupPointer',
  'groupMemberPointer',
  'scaledUiAmount',
  'pause',
  'permissionedBurn',
];

function parseTokenInstruction(a: string[], data: Uint8Array): { type: string; info: Info } | null {
  const r = new Reader(data);
  switch (r.u8()) {
    case 0: {
      needAccounts(a, 2);
      const decimals = r.u8();
      const mintAuthority = r.pubkey();
      const freezeAuthority = r.optionalPubkey(1);
      const info = { mint: a[0], decimals, mintAuthority, rentSysvar: a[1] };
      return { type: 'initializeMint', info: freezeAuthority ? { ...info, freezeAuthority } : info };
    }
    case 1:
      needAccounts(a, 4);
      return { type: 'initializeAccount', info: { account: a[0], mint: a[1], owner: a[2], rentSysvar: a[3] } };
    case 3:
      needAccounts(a, 3);
      return {
        type: 'transfer',
        info: withSigners({ source: a[0], destination: a[1], amount: r.u64().toString() }, a, 2, 'authority', 'multisigAuthority'),
      };
    case 6: {
      needAccounts(a, 2);
      const authorityType = r.u8();
      const newAuthority = r.optionalPubkey(1);
      const owned = authorityType === 2 || authorityType === 3 ? 'account' : 'mint';
      const info = { [owned]: a[0], authorityType: AUTHORITY_TYPES[authorityType] ?? authorityType, newAuthority };
      return { type: 'setAuthority', info: withSigners(info, a, 1, 'authority', 'multisigAuthority') };
    }
    case 7:
      needAccounts(a, 3);
      return {
        type: 'mintTo',
        info: withSigners({ mint: a[0], account: a[1], amount: r.u64().toString() }, a, 2, 'mintAuthority', 'multisigMintAuthority'),
      };
    case 8:
      needAccounts(a, 3);
      return {
        type: 'burn',
        info: withSigners({ account: a[0], mint: a[1], amount: r.u64().toString() }, a, 2, 'authority', 'multisigAuthority'),
      };
    case 9:
      needAccounts(a, 3);
      return { type: 'closeAccount', info: withSigners({ account: a[0], destination: a[1] }, a, 2, 'owner', 'multisigOwner') };
    case 12: {
      needAccounts(a, 4);
      const tokenAmount = uiTokenAmount(r.u64(), r.u8());
      const info = { source: a[0], mint: a[1], destination: a[2], tokenAmount };
      return { type: 'transferChecked', info: withSigners(info, a, 3, 'authority', 'multisigAuthority') };
    }
    case 14: {
      needAccounts(a, 3);
      const info = { mint: a[0], account: a[1], tokenAmount: uiTokenAmount(r.u64(), r.u8()) };
      return { type: 'mintToChecked', info: withSigners(info, a, 2, 'mintAuthority', 'multisigMintAuthority') };
    }
    case 15: {
      needAccounts(a, 3);
      const info = { account: a[0], mint: a[1], tokenAmount: uiTokenAmount(r.u64(), r.u8()) };
      return { type: 'burnChecked', info: withSigners(info, a, 2, 'authority', 'multisigAuthority') };
    }
    case 16:
      needAccounts(a, 3);
      return { type: 'initializeAccount2', info: { account: a[0], mint: a[1], owner: r.pubkey(), rentSysvar: a[2] } };
    case 17:
      needAccounts(a, 1);
      return { type: 'syncNative', info: { account: a[0] } };
    case 18:
      needAccounts(a, 2);
      return { type: 'initializeAccount3', info: { account: a[0], mint: a[1], owner: r.pubkey() } };
    case 20: {
      needAccounts(a, 1);
      const decimals = r.u8();
      const mintAuthority = r.pubkey();
      const freezeAuthority = r.optionalPubkey(1);
      const info = { mint: a[0], decimals, mintAuthority };
      return { type: 'initializeMint2', info: freezeAuthority ? { ...info, freezeAuthority } : info };
    }
    case 21: {
      needAccounts(a, 1);
      const types: string[] = [];
      while (r.remaining >= 2) {
        const type = r.u16();
        types.push(EXTENSION_NAMES[type] ?? String(type));
      }
      return { type: 'getAccountDataSize', info: types.length ? { mint: a[0], extensionTypes: types } : { mint: a[0] } };
    }
    case 22:
      needAccounts(a, 1);
      return { type: 'initializeImmutableOwner', info: { account: a[0] } };
    default:
      return null;
  }
}

function parseSystemInstruction(a: string[], data: Uint8Array): { type: string; info: Info } | null {
  const r = new Reader(data);
  switch (r.u32()) {
    case 0: {
      needAccounts(a, 2);
      const lamports = Number(r.u64());
      const space = Number(r.u64());
      return { type: 'createAccount', info: { source: a[0], newAccount: a[1], lamports, space, owner: r.pubkey() } };
    }
    case 1:
      needAccounts(a, 1);
      return { type: 'assign', info: { account: a[0], owner: r.pubkey() } };
    case 2:
      needAccounts(a, 2);
      return { type: 'transfer', info: { source: a[0], destination: a[1], lamports: Number(r.u64()) } };
    case 8:
      needAccounts(a, 1);
      return { type: 'allocate', info: { account: a[0], space: Number(r.u64()) } };
    default:
      return null;
  }
}

function parseAssociatedTokenInstruction(a: string[], data: Uint8Array): { type: string; info: Info } | null {
  const kind = data.length === 0 ? 0 : data[0];
  if (kind !== 0 && kind !== 1) return null;
  needAccounts(a, 6);
  return {
    type: kind === 0 ? 'create' : 'createIdempotent',
    info: { source: a[0], account: a[1], wallet: a[2], mint: a[3], systemProgram: a[4], tokenProgram: a[5] },
  };
}

/**
 * The RPC's jsonParsed form of one instruction, or null when the RPC would show it raw.
 * `accounts` are the instruction's account addresses in order.
 */
export function parseInstruction(programId: string, accounts: string[], data: Uint8Array): ParsedInstruction | null {
  try {
    if (isTokenProgram(programId)) {
      const parsed = parseTokenInstruction(accounts, data);
      return parsed && { program: 'spl-token', parsed };
    }
    if (programId === SYSTEM_PROGRAM) {
      const parsed = parseSystemInstruction(accounts, data);
      return parsed && { program: 'system', parsed };
    }
    if (programId === ASSOCIATED_TOKEN_PROGRAM) {
      const parsed = parseAssociatedTokenInstruction(accounts, data);
      return parsed && { program: 'spl-associated-token-account', parsed };
    }
    if (MEMO_PROGRAMS.has(programId)) {
      return { program: 'spl-memo', parsed: new TextDecoder('utf-8', { fatal: true }).decode(data) };
    }
  } catch {
    // Truncated or malformed data: the RPC shows such instructions raw.
  }
  return null;
}
