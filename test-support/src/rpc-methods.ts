/**
 * The Solana JSON-RPC HTTP methods, answered from the ledger with mainnet's response shapes
 * and error codes.
 */
import { PublicKey, VersionedMessage } from '@solana/web3.js';
import bs58 from 'bs58';
import {
  ACCOUNT_ENCODINGS,
  TRANSACTION_ENCODINGS,
  encodeAccount,
  encodeSimulation,
  encodeTransaction,
  type AccountEncoding,
  type DataSlice,
  type TransactionEncoding,
} from './formats.js';
import { LAMPORTS_PER_SIGNATURE, type Ledger, type SimulationResult, type SubmitOutcome } from './ledger.js';
import { decodeMint, decodeTokenAccount, isTokenProgram, uiTokenAmount } from './parse.js';
import { RpcError, type Dispatch, type RpcParams } from './rpc-server.js';
import { describeTransactionError } from './transaction-errors.js';
import { TransactionDecodeError } from './transactions.js';

export const SOLANA_CORE_VERSION = '2.3.13';
const FEATURE_SET = 3294202862;
const MAX_MULTIPLE_ACCOUNTS = 100;
const MAX_SIGNATURE_STATUSES = 256;
const MAX_SIGNATURES_FOR_ADDRESS = 1000;

type Config = Record<string, unknown>;

function invalidParams(message: string): RpcError {
  return new RpcError(-32602, message);
}

function base58Param(value: unknown, length: number): string {
  if (typeof value !== 'string') throw invalidParams('Invalid params: expected a base-58 string');
  let bytes: Uint8Array;
  try {
    bytes = bs58.decode(value);
  } catch {
    throw invalidParams('Invalid param: Invalid');
  }
  if (bytes.length !== length) throw invalidParams('Invalid param: WrongSize');
  return value;
}

const pubkeyParam = (value: unknown) => base58Param(value, 32);
const signatureParam = (value: unknown) => base58Param(value, 64);

function configParam(value: unknown): Config {
  if (value === undefined || value === null) return {};
  if (typeof value !== 'object' || Array.isArray(value)) throw invalidParams('Invalid params: expected a configuration object');
  return value as Config;
}

function oneOf<T extends string>(value: unknown, allowed: readonly T[], fallback: T): T {
  if (value === undefined || value === null) return fallback;
  if (typeof value === 'string' && (allowed as readonly string[]).includes(value)) return value as T;
  throw invalidParams(`Invalid params: unknown variant \`${String(value)}\`, expected one of \`${allowed.join('`, `')}\``);
}

function dataSliceOf(config: Config): DataSlice | undefined {
  const slice = config.dataSlice as Partial<DataSlice> | undefined;
  if (!slice) return undefined;
  if (typeof slice.offset !== 'number' || typeof slice.length !== 'number') throw invalidParams('Invalid params: invalid dataSlice');
  return { offset: slice.offset, length: slice.length };
}

function requireAtLeastConfirmed(config: Config): void {
  if (config.commitment === 'processed') throw invalidParams('Method does not support commitment below `confirmed`');
}

/** Decodes a wire transaction sent as a base58 or base64 string. */
function wireParam(value: unknown, encoding: unknown): Uint8Array {
  if (typeof value !== 'string') throw invalidParams('Invalid params: expected an encoded transaction');
  const format = encoding ?? 'base58';
  if (format === 'base64') return new Uint8Array(Buffer.from(value, 'base64'));
  if (format !== 'base58') throw invalidParams(`unsupported encoding: ${String(format)}. Supported encodings: base58, base64`);
  try {
    return bs58.decode(value);
  } catch (error) {
    throw invalidParams(`invalid base58 encoding: ${error instanceof Error ? error.message : String(error)}`);
  }
}

/** Runs `operation` on a decoded transaction, answering undecodable bytes as the RPC does. */
function withTransaction<T>(operation: () => T): T {
  try {
    return operation();
  } catch (error) {
    if (error instanceof TransactionDecodeError) {
      throw invalidParams(`failed to deserialize solana_transaction::versioned::VersionedTransaction: ${error.message}`);
    }
    throw error;
  }
}

const submittedSignature = (outcome: SubmitOutcome) => (outcome.landed ? outcome.record.signature : outcome.signature);

export function createRpcMethods(ledger: Ledger): Dispatch {
  const context = () => ({ apiVersion: SOLANA_CORE_VERSION, slot: ledger.getSlot() });
  const withContext = (config: Config, value: unknown) => {
    const minContextSlot = config.minContextSlot;
    if (typeof minContextSlot === 'number' && minContextSlot > ledger.getSlot()) {
      throw new RpcError(-32016, 'Minimum context slot has not been reached', { contextSlot: ledger.getSlot() });
    }
    return { context: context(), value };
  };
  const accountEncoding = (config: Config, fallback: AccountEncoding) => oneOf(config.encoding, ACCOUNT_ENCODINGS, fallback);

  const tokenAccountOrThrow = (pubkey: string) => {
    const account = ledger.getAccount(pubkey);
    if (!account) throw invalidParams('Invalid param: could not find account');
    const token = decodeTokenAccount(account.owner, account.data);
    if (!token) throw invalidParams('Invalid param: not a Token account');
    const decimals = ledger.mintDecimals(token.mint);
    if (decimals === null) throw invalidParams('Invalid param: could not find mint');
    return { token, decimals };
  };

  const simulationFailure = (result: SimulationResult) => {
    if (result.err === 'SignatureFailure') return new RpcError(-32003, 'Transaction signature verification failure');
    return new RpcError(
      -32002,
      `Transaction simulation failed: ${describeTransactionError(result.err ?? '')}`,
      encodeSimulation(result, {}, ledger),
    );
  };

  const methods: Record<string, (params: RpcParams) => unknown> = {
    getHealth: () => 'ok',
    getVersion: () => ({ 'feature-set': FEATURE_SET, 'solana-core': SOLANA_CORE_VERSION }),
    getGenesisHash: () => ledger.genesisHash,
    getSlot: () => ledger.getSlot(),
    getBlockHeight: () => ledger.getBlockHeight(),
    getEpochInfo: () => {
      const slot = ledger.getSlot();
      return { absoluteSlot: slot, blockHeight: ledger.getBlockHeight(), epoch: 0, slotIndex: slot, slotsInEpoch: 432000 };
    },

    getLatestBlockhash: ([config]) => withContext(configParam(config), ledger.latestBlockhash()),

    isBlockhashValid: ([blockhash, config]) => {
      if (typeof blockhash !== 'string') throw invalidParams('Invalid params: expected a blockhash');
      return withContext(configParam(config), ledger.isBlockhashValid(blockhash));
    },

    getMinimumBalanceForRentExemption: ([length]) => {
      if (typeof length !== 'number' || !Number.isInteger(length) || length < 0)
        throw invalidParams('Invalid params: expected a data length');
      return Number(ledger.minimumBalanceForRentExemption(length));
    },

    getFeeForMessage: ([encoded, config]) => {
      if (typeof encoded !== 'string') throw invalidParams('Invalid params: expected a base64 message');
      let message: VersionedMessage;
      try {
        message = VersionedMessage.deserialize(Buffer.from(encoded, 'base64'));
      } catch {
        throw invalidParams('Invalid params: invalid message');
      }
      const fee = LAMPORTS_PER_SIGNATURE * message.header.numRequiredSignatures;
      return withContext(configParam(config), ledger.isBlockhashValid(message.recentBlockhash) ? fee : null);
    },

    getBalance: ([pubkey, config]) => {
      const account = ledger.getAccount(pubkeyParam(pubkey));
      return withContext(configParam(config), Number(account?.lamports ?? 0n));
    },

    getAccountInfo: ([pubkey, rawConfig]) => {
      const config = configParam(rawConfig);
      const encoding = accountEncoding(config, 'binary');
      const account = ledger.getAccount(pubkeyParam(pubkey));
      return withContext(config, account && encodeAccount(account, encoding, ledger, dataSliceOf(config)));
    },

    getMultipleAccounts: ([pubkeys, rawConfig]) => {
      if (!Array.isArray(pubkeys)) throw invalidParams('Invalid params: expected an array of public keys');
      if (pubkeys.length > MAX_MULTIPLE_ACCOUNTS) throw invalidParams(`Too many inputs provided; max ${MAX_MULTIPLE_ACCOUNTS}`);
      const config = configParam(rawConfig);
      const encoding = accountEncoding(config, 'base64');
      const slice = dataSliceOf(config);
      return withContext(
        config,
        pubkeys.map((pubkey) => {
          const account = ledger.getAccount(pubkeyParam(pubkey));
          return account && encodeAccount(account, encoding, ledger, slice);
        }),
      );
    },

    getTokenAccountsByOwner: ([owner, rawFilter, rawConfig]) => {
      const ownerKey = pubkeyParam(owner);
      const filter = configParam(rawFilter);
      const config = configParam(rawConfig);
      let programId: string;
      let mint: string | undefined;
      if (filter.mint !== undefined) {
        mint = pubkeyParam(filter.mint);
        const mintAccount = ledger.getAccount(mint);
        if (!mintAccount || !decodeMint(mintAccount.owner, mintAccount.data)) throw invalidParams('Invalid param: could not find mint');
        programId = mintAccount.owner;
      } else if (filter.programId !== undefined) {
        programId = pubkeyParam(filter.programId);
        if (!isTokenProgram(programId)) throw invalidParams('Invalid param: unrecognized Token program id');
      } else {
        throw invalidParams('Invalid params: expected a mint or programId filter');
      }
      const encoding = accountEncoding(config, 'binary');
      const slice = dataSliceOf(config);
      const accounts = ledger.getTokenAccountsOfOwner(ownerKey).filter(({ account }) => {
        const token = decodeTokenAccount(account.owner, account.data);
        return account.owner === programId && token !== null && (mint === undefined || token.mint === mint);
      });
      return withContext(
        config,
        accounts.map(({ pubkey, account }) => ({ account: encodeAccount(account, encoding, ledger, slice), pubkey })),
      );
    },

    getTokenAccountBalance: ([pubkey, config]) => {
      const { token, decimals } = tokenAccountOrThrow(pubkeyParam(pubkey));
      return withContext(configParam(config), uiTokenAmount(token.amount, decimals));
    },

    getTokenSupply: ([pubkey, config]) => {
      const account = ledger.getAccount(pubkeyParam(pubkey));
      const mint = account && decodeMint(account.owner, account.data);
      if (!mint) throw invalidParams('Invalid param: not a Token mint');
      return withContext(configParam(config), uiTokenAmount(mint.supply, mint.decimals));
    },

    // Not Solana's: the test chain's own, for browser tests whose chain runs in another process (Ledger.backdate).
    stakedeskTest_backdate: ([signature, seconds]) => {
      if (typeof seconds !== 'number' || !Number.isInteger(seconds) || seconds < 0) throw invalidParams('Invalid params: expected seconds');
      const record = ledger.getRecord(signatureParam(signature));
      if (!record) throw invalidParams('Invalid param: no such transaction');
      ledger.backdate(record.signature, seconds);
      return null;
    },

    requestAirdrop: ([pubkey, amount]) => {
      const to = new PublicKey(pubkeyParam(pubkey));
      if (typeof amount !== 'number' || !Number.isInteger(amount) || amount < 0) throw invalidParams('Invalid params: expected lamports');
      const outcome = ledger.airdrop(to, amount);
      if (!outcome.landed) throw new RpcError(-32600, `airdrop request failed: ${describeTransactionError(outcome.err)}`);
      return outcome.record.signature;
    },

    sendTransaction: ([encoded, rawConfig]) => {
      const config = configParam(rawConfig);
      const wire = wireParam(encoded, config.encoding);
      return withTransaction(() => {
        if (config.skipPreflight !== true) {
          const preflight = ledger.simulate(wire, { sigVerify: true, replaceRecentBlockhash: false });
          if (preflight.err !== null) throw simulationFailure(preflight);
        }
        return submittedSignature(ledger.submit(wire));
      });
    },

    simulateTransaction: ([encoded, rawConfig]) => {
      const config = configParam(rawConfig);
      const wire = wireParam(encoded, config.encoding);
      const sigVerify = config.sigVerify === true;
      const replaceRecentBlockhash = config.replaceRecentBlockhash === true;
      if (sigVerify && replaceRecentBlockhash) throw invalidParams('sigVerify may not be used with replaceRecentBlockhash');
      const accountsConfig = config.accounts === undefined ? undefined : configParam(config.accounts);
      const accounts = accountsConfig && {
        addresses: Array.isArray(accountsConfig.addresses) ? accountsConfig.addresses.map(pubkeyParam) : [],
        encoding: accountEncoding(accountsConfig, 'base64'),
      };
      const result = withTransaction(() => ledger.simulate(wire, { sigVerify, replaceRecentBlockhash }));
      return withContext(config, encodeSimulation(result, { accounts, innerInstructions: config.innerInstructions === true }, ledger));
    },

    getSignatureStatuses: ([signatures, config]) => {
      if (!Array.isArray(signatures)) throw invalidParams('Invalid params: expected an array of signatures');
      if (signatures.length > MAX_SIGNATURE_STATUSES) throw invalidParams(`Too many inputs provided; max ${MAX_SIGNATURE_STATUSES}`);
      return withContext(
        configParam(config),
        signatures.map((signature) => {
          const record = ledger.getRecord(signatureParam(signature));
          if (!record) return null;
          return {
            confirmationStatus: 'finalized',
            confirmations: null,
            err: record.err,
            slot: record.slot,
            status: record.err === null ? { Ok: null } : { Err: record.err },
          };
        }),
      );
    },

    getTransaction: ([signature, rawConfig]) => {
      // The second parameter may also be just the encoding, an older form the RPC still takes.
      const config = typeof rawConfig === 'string' ? { encoding: rawConfig } : configParam(rawConfig);
      requireAtLeastConfirmed(config);
      const encoding: TransactionEncoding = oneOf(config.encoding, TRANSACTION_ENCODINGS, 'json');
      const record = ledger.getRecord(signatureParam(signature));
      if (!record) return null;
      const maxVersion = config.maxSupportedTransactionVersion;
      const supportsVersioned = typeof maxVersion === 'number' && maxVersion >= 0;
      if (record.transaction.version === 0 && !supportsVersioned) {
        throw new RpcError(
          -32015,
          'Transaction version (0) is not supported by the requesting client. Please try the request again with the following configuration parameter: "maxSupportedTransactionVersion": 0',
        );
      }
      return encodeTransaction(record, encoding, maxVersion !== undefined && maxVersion !== null);
    },

    getSignaturesForAddress: ([pubkey, rawConfig]) => {
      const config = configParam(rawConfig);
      requireAtLeastConfirmed(config);
      const limit = config.limit ?? MAX_SIGNATURES_FOR_ADDRESS;
      if (typeof limit !== 'number' || !Number.isInteger(limit) || limit < 1 || limit > MAX_SIGNATURES_FOR_ADDRESS) {
        throw invalidParams(`Invalid limit; max ${MAX_SIGNATURES_FOR_ADDRESS}`);
      }
      const before = config.before === undefined ? undefined : signatureParam(config.before);
      const until = config.until === undefined ? undefined : signatureParam(config.until);
      return ledger.signaturesForAddress(pubkeyParam(pubkey), { limit, before, until }).map((record) => ({
        blockTime: record.blockTime,
        confirmationStatus: 'finalized',
        err: record.err,
        memo: null,
        signature: record.signature,
        slot: record.slot,
      }));
    },
  };

  return (method, params) => {
    const handler = Object.hasOwn(methods, method) ? methods[method] : undefined;
    if (!handler) throw new RpcError(-32601, 'Method not found');
    return handler(params);
  };
}
