/**
 * Tokens that left a wallet are never forgotten: each sent deposit is kept in local storage
 * until the server has recorded it (or refused it for good), and retried on the next visit.
 */
export type PendingDeposit = { txId: string; planId: number; amount: string; walletAddress: string; sentAt: string };

type KeyValueStore = Pick<Storage, 'getItem' | 'setItem'>;

const KEY = 'stakedesk.pendingDeposits';

export function readPending(store: KeyValueStore): PendingDeposit[] {
  try {
    const parsed: unknown = JSON.parse(store.getItem(KEY) ?? '[]');
    return Array.isArray(parsed) ? (parsed as PendingDeposit[]) : [];
  } catch {
    return [];
  }
}

function write(store: KeyValueStore, deposits: PendingDeposit[]): void {
  store.setItem(KEY, JSON.stringify(deposits));
}

export function rememberPending(store: KeyValueStore, deposit: PendingDeposit): void {
  write(store, [...readPending(store).filter((d) => d.txId !== deposit.txId), deposit]);
}

export function forgetPending(store: KeyValueStore, txId: string): void {
  write(store, readPending(store).filter((d) => d.txId !== txId));
}

export type RecordOutcome = 'recorded' | 'refused' | 'retry-later';

/** What an answer of POST /api/stakes means for a kept deposit. */
export function outcomeOf(status: number): RecordOutcome {
  if (status === 200 || status === 201) return 'recorded';
  // The chain disproves it, or the txId belongs to something else: retrying cannot help.
  if (status === 400 || status === 404 || status === 409 || status === 422) return 'refused';
  return 'retry-later';
}

/**
 * Sends every kept deposit of `walletAddress` to the server again; forgets those it recorded
 * or refused for good, keeps the rest (network down, 503) for the next visit.
 */
export async function retryPending(
  store: KeyValueStore,
  walletAddress: string,
  record: (deposit: PendingDeposit) => Promise<number>,
): Promise<{ recorded: PendingDeposit[]; refused: PendingDeposit[] }> {
  const result = { recorded: [] as PendingDeposit[], refused: [] as PendingDeposit[] };
  for (const deposit of readPending(store).filter((d) => d.walletAddress === walletAddress)) {
    let outcome: RecordOutcome;
    try {
      outcome = outcomeOf(await record(deposit));
    } catch {
      outcome = 'retry-later';
    }
    if (outcome === 'retry-later') continue;
    forgetPending(store, deposit.txId);
    result[outcome].push(deposit);
  }
  return result;
}
