/**
 * The RPC's response shapes for accounts, transactions and simulations, in each encoding.
 */
import bs58 from 'bs58';
import type { AccountSnapshot, Ledger, SimulationResult } from './ledger.js';
import { parseInstruction, parseTokenProgramAccount } from './parse.js';
import { RpcError } from './rpc-server.js';
import type { CompiledInstruction, TransactionRecord } from './transactions.js';

/** The RPC reports u64::MAX for rent-exempt accounts; as a JSON number that reads back as 2^64. */
const RENT_EPOCH_EXEMPT = 2 ** 64;

export const ACCOUNT_ENCODINGS = ['base58', 'base64', 'jsonParsed', 'binary'] as const;
export type AccountEncoding = (typeof ACCOUNT_ENCODINGS)[number];
export const TRANSACTION_ENCODINGS = ['json', 'jsonParsed', 'base58', 'base64', 'binary'] as const;
export type TransactionEncoding = (typeof TRANSACTION_ENCODINGS)[number];

export interface DataSlice {
  offset: number;
  length: number;
}

const base64 = (data: Uint8Array) => Buffer.from(data).toString('base64');

function base58Data(data: Uint8Array): string {
  if (data.length > 128) {
    throw new RpcError(-32600, 'Encoded binary (base 58) data should be less than 128 bytes, please use Base64 encoding.');
  }
  return bs58.encode(data);
}

export function encodeAccount(account: AccountSnapshot, encoding: AccountEncoding, ledger: Ledger, dataSlice?: DataSlice) {
  const sliced = dataSlice ? account.data.subarray(dataSlice.offset, dataSlice.offset + dataSlice.length) : account.data;
  let data: unknown;
  switch (encoding) {
    case 'base64':
      data = [base64(sliced), 'base64'];
      break;
    case 'base58':
      data = [base58Data(sliced), 'base58'];
      break;
    case 'binary':
      data = base58Data(sliced);
      break;
    case 'jsonParsed':
      // Accounts the RPC cannot parse come back as base64.
      data = parseTokenProgramAccount(account.owner, account.data, (mint) => ledger.mintDecimals(mint)) ?? [base64(sliced), 'base64'];
      break;
  }
  return {
    data,
    executable: account.executable,
    lamports: Number(account.lamports),
    owner: account.owner,
    rentEpoch: RENT_EPOCH_EXEMPT,
    space: account.data.length,
  };
}

function rawInstruction(instruction: CompiledInstruction) {
  return {
    accounts: instruction.accounts,
    data: bs58.encode(instruction.data),
    programIdIndex: instruction.programIdIndex,
    stackHeight: instruction.stackHeight,
  };
}

function parsedInstruction(instruction: CompiledInstruction, keys: string[]) {
  const programId = keys[instruction.programIdIndex] ?? '';
  const accounts = instruction.accounts.map((index) => keys[index] ?? '');
  const parsed = parseInstruction(programId, accounts, instruction.data);
  if (parsed) return { ...parsed, programId, stackHeight: instruction.stackHeight };
  return { accounts, data: bs58.encode(instruction.data), programId, stackHeight: instruction.stackHeight };
}

function innerInstructions(record: Pick<TransactionRecord, 'innerInstructions'>, keys: string[], parsed: boolean) {
  return record.innerInstructions.map(({ index, instructions }) => ({
    index,
    instructions: instructions.map((instruction) => (parsed ? parsedInstruction(instruction, keys) : rawInstruction(instruction))),
  }));
}

function returnData(data: TransactionRecord['returnData']) {
  return data && { programId: data.programId, data: [base64(data.data), 'base64'] };
}

function transactionMeta(record: TransactionRecord, parsed: boolean) {
  const keys = record.accountKeys.map((key) => key.pubkey);
  return {
    computeUnitsConsumed: record.computeUnitsConsumed,
    err: record.err,
    fee: record.fee,
    innerInstructions: innerInstructions(record, keys, parsed),
    logMessages: record.logMessages,
    postBalances: record.postBalances,
    postTokenBalances: record.postTokenBalances,
    preBalances: record.preBalances,
    preTokenBalances: record.preTokenBalances,
    rewards: [],
    status: record.err === null ? { Ok: null } : { Err: record.err },
    // jsonParsed lists loaded addresses among the message's account keys instead.
    ...(parsed ? {} : { loadedAddresses: record.loadedAddresses }),
    ...(record.returnData ? { returnData: returnData(record.returnData) } : {}),
  };
}

/** getTransaction's result; `version` only when the client said which versions it supports. */
export function encodeTransaction(record: TransactionRecord, encoding: TransactionEncoding, includeVersion: boolean) {
  const tx = record.transaction;
  const lookups = tx.version === 0 ? { addressTableLookups: tx.addressTableLookups } : {};
  let transaction: unknown;
  switch (encoding) {
    case 'base64':
      transaction = [base64(tx.wire), 'base64'];
      break;
    case 'base58':
      transaction = [bs58.encode(tx.wire), 'base58'];
      break;
    case 'binary':
      transaction = bs58.encode(tx.wire);
      break;
    case 'jsonParsed': {
      const keys = record.accountKeys.map((key) => key.pubkey);
      transaction = {
        message: {
          accountKeys: record.accountKeys,
          instructions: tx.instructions.map((instruction) => parsedInstruction(instruction, keys)),
          recentBlockhash: tx.recentBlockhash,
          ...lookups,
        },
        signatures: tx.signatures,
      };
      break;
    }
    case 'json':
      transaction = {
        message: {
          accountKeys: tx.staticAccountKeys.map((key) => key.pubkey),
          header: {
            numReadonlySignedAccounts: tx.header.numReadonlySignedAccounts,
            numReadonlyUnsignedAccounts: tx.header.numReadonlyUnsignedAccounts,
            numRequiredSignatures: tx.header.numRequiredSignatures,
          },
          instructions: tx.instructions.map(rawInstruction),
          recentBlockhash: tx.recentBlockhash,
          ...lookups,
        },
        signatures: tx.signatures,
      };
      break;
  }
  return {
    blockTime: record.blockTime,
    meta: transactionMeta(record, encoding === 'jsonParsed'),
    slot: record.slot,
    transaction,
    ...(includeVersion ? { version: tx.version } : {}),
  };
}

export interface SimulationOptions {
  accounts?: { addresses: string[]; encoding: AccountEncoding };
  innerInstructions?: boolean;
}

/** simulateTransaction's value, also the `data` of a failed preflight. */
export function encodeSimulation(result: SimulationResult, options: SimulationOptions, ledger: Ledger) {
  const keys = result.accountKeys.map((key) => key.pubkey);
  const accounts = options.accounts;
  return {
    accounts: accounts
      ? accounts.addresses.map((pubkey) => {
          const account = result.accountAfter(pubkey);
          return account && encodeAccount(account, accounts.encoding, ledger);
        })
      : null,
    err: result.err,
    innerInstructions: options.innerInstructions ? innerInstructions(result, keys, true) : null,
    logs: result.logMessages,
    replacementBlockhash: result.replacementBlockhash,
    returnData: returnData(result.returnData),
    unitsConsumed: result.computeUnitsConsumed,
  };
}
