/**
 * Transactions as the chain keeps them: decoded from wire bytes, and, once processed, a record
 * with the metadata an RPC node stores (balances before and after, logs, errors, inner
 * instructions).
 */
import { getTransactionDecoder, type Transaction as KitTransaction } from '@solana/kit';
import { VersionedTransaction, type MessageHeader } from '@solana/web3.js';
import bs58 from 'bs58';
import type { TransactionMetadata } from 'litesvm';
import type { UiTokenAmount } from './parse.js';
import type { RpcTransactionError } from './transaction-errors.js';

export interface AccountKey {
  pubkey: string;
  signer: boolean;
  writable: boolean;
  source: 'transaction' | 'lookupTable';
}

export interface CompiledInstruction {
  programIdIndex: number;
  accounts: number[];
  data: Uint8Array;
  stackHeight: number | null;
}

export interface AddressTableLookup {
  accountKey: string;
  writableIndexes: number[];
  readonlyIndexes: number[];
}

export interface DecodedTransaction {
  signature: string;
  signatures: string[];
  wire: Uint8Array;
  version: 'legacy' | 0;
  header: MessageHeader;
  staticAccountKeys: AccountKey[];
  recentBlockhash: string;
  instructions: CompiledInstruction[];
  addressTableLookups: AddressTableLookup[];
  /** The same transaction as @solana/kit sees it, which is what litesvm takes. */
  kit: KitTransaction;
}

export interface TokenBalance {
  accountIndex: number;
  mint: string;
  owner: string;
  programId: string;
  uiTokenAmount: UiTokenAmount;
}

export interface ExecutionMeta {
  err: RpcTransactionError | null;
  logMessages: string[];
  innerInstructions: { index: number; instructions: CompiledInstruction[] }[];
  computeUnitsConsumed: number;
  returnData: { programId: string; data: Uint8Array } | null;
}

export interface TransactionRecord extends ExecutionMeta {
  signature: string;
  slot: number;
  blockTime: number;
  transaction: DecodedTransaction;
  /** Static keys, then keys loaded from lookup tables (writable, then readonly). */
  accountKeys: AccountKey[];
  loadedAddresses: { writable: string[]; readonly: string[] };
  fee: number;
  preBalances: number[];
  postBalances: number[];
  preTokenBalances: TokenBalance[];
  postTokenBalances: TokenBalance[];
}

export class TransactionDecodeError extends Error {}

export function decodeTransaction(wire: Uint8Array): DecodedTransaction {
  let transaction: VersionedTransaction;
  let kit: KitTransaction;
  try {
    transaction = VersionedTransaction.deserialize(wire);
    kit = getTransactionDecoder().decode(wire);
  } catch (error) {
    throw new TransactionDecodeError(error instanceof Error ? error.message : String(error));
  }
  const { message } = transaction;
  const signatures = transaction.signatures.map((signature) => bs58.encode(signature));
  return {
    signature: signatures[0] ?? bs58.encode(new Uint8Array(64)),
    signatures,
    wire,
    version: message.version,
    header: message.header,
    staticAccountKeys: message.staticAccountKeys.map((key, index) => ({
      pubkey: key.toBase58(),
      signer: message.isAccountSigner(index),
      writable: message.isAccountWritable(index),
      source: 'transaction',
    })),
    recentBlockhash: message.recentBlockhash,
    instructions: message.compiledInstructions.map((instruction) => ({
      programIdIndex: instruction.programIdIndex,
      accounts: [...instruction.accountKeyIndexes],
      data: instruction.data,
      stackHeight: null,
    })),
    addressTableLookups: message.addressTableLookups.map((lookup) => ({
      accountKey: lookup.accountKey.toBase58(),
      writableIndexes: [...lookup.writableIndexes],
      readonlyIndexes: [...lookup.readonlyIndexes],
    })),
    kit,
  };
}

export function executionMeta(meta: TransactionMetadata, err: RpcTransactionError | null): ExecutionMeta {
  const returnData = meta.returnData();
  return {
    err,
    logMessages: meta.logs(),
    innerInstructions: meta
      .innerInstructions()
      .map((list, index) => ({
        index,
        instructions: list.map((inner) => {
          const instruction = inner.instruction();
          return {
            programIdIndex: instruction.programIdIndex(),
            accounts: [...instruction.accounts()],
            data: instruction.data(),
            stackHeight: inner.stackHeight(),
          };
        }),
      }))
      .filter((entry) => entry.instructions.length > 0),
    computeUnitsConsumed: Number(meta.computeUnitsConsumed()),
    returnData: returnData.data().length > 0 ? { programId: bs58.encode(returnData.programId()), data: returnData.data() } : null,
  };
}
