/**
 * Tokens that left a wallet are never forgotten: a deposit is kept in local storage from the
 * moment its intent is made (before the wallet signs), with its signature once the wallet has
 * sent it, until the server has recorded it or proven it failed; and asked about again on the
 * next visit. The server finds an intent's transfer by its reference even if the page closed
 * before it learned the signature.
 */
export type PendingDeposit = {
  planId: number;
  amount: string;
  walletAddress: string;
  /** The deposit intent (absent in deposits kept by an earlier version of the app). */
  intentId?: number;
  reference?: string;
  /** Until when the intent's terms are offered: with no signature known by then, nothing was sent. */
  expiresAt?: string;
  /** The transfer's signature, once the wallet has sent it. */
  txId?: string;
};

type KeyValueStore = Pick<Storage, 'getItem' | 'setItem'>;

const KEY = 'stakedesk.pendingDeposits';

const keyOf = (deposit: PendingDeposit) => deposit.reference ?? deposit.txId;

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

/** Keeps (or updates, by its reference or signature) a deposit. */
export function rememberPending(store: KeyValueStore, deposit: PendingDeposit): void {
  write(store, [...readPending(store).filter((d) => keyOf(d) !== keyOf(deposit)), deposit]);
}

export function forgetPending(store: KeyValueStore, deposit: PendingDeposit): void {
  write(
    store,
    readPending(store).filter((d) => keyOf(d) !== keyOf(deposit)),
  );
}

export type RecordOutcome = 'recorded' | 'refused' | 'retry-later';

/** What an answer of POST /api/stakes means for a kept deposit. */
export function outcomeOf(status: number): RecordOutcome {
  if (status === 200 || status === 201) return 'recorded';
  // The chain disproves it (422), or the request or txId can never be taken (400, 404, 409).
  // "Not found yet" is 503 retryable, like an unreachable chain: kept.
  if (status === 400 || status === 404 || status === 409 || status === 422) return 'refused';
  return 'retry-later';
}

/** What the server says of an intent whose signature the app never learned. */
export type IntentState = { status: number; stakeId: number | null };

/** A kept intent with no signature: recorded, or abandoned once its offer ended with nothing found. */
function intentOutcome({ status, stakeId }: IntentState, deposit: PendingDeposit, now = Date.now()): RecordOutcome {
  if (status === 200 && stakeId !== null) return 'recorded';
  if (status === 403 || status === 404) return 'refused';
  const ended = deposit.expiresAt !== undefined && Date.parse(deposit.expiresAt) < now;
  return status === 200 && ended ? 'refused' : 'retry-later';
}

export type Asker = {
  /** POST /api/stakes with the kept deposit; the answer's status. */
  record(deposit: PendingDeposit & { txId: string }): Promise<number>;
  /** GET /api/stakes/intents/{id}. */
  intent(intentId: number): Promise<IntentState>;
};

/**
 * Asks the server again about every kept deposit of `walletAddress`; forgets those it recorded or
 * refused for good, keeps the rest (network down, 503, not found yet) for the next visit.
 */
export async function retryPending(
  store: KeyValueStore,
  walletAddress: string,
  ask: Asker,
): Promise<{ recorded: PendingDeposit[]; refused: PendingDeposit[] }> {
  const result = { recorded: [] as PendingDeposit[], refused: [] as PendingDeposit[] };
  for (const deposit of readPending(store).filter((d) => d.walletAddress === walletAddress)) {
    let outcome: RecordOutcome;
    try {
      if (deposit.txId) outcome = outcomeOf(await ask.record({ ...deposit, txId: deposit.txId }));
      else if (deposit.intentId !== undefined) outcome = intentOutcome(await ask.intent(deposit.intentId), deposit);
      else outcome = 'refused';
    } catch {
      outcome = 'retry-later';
    }
    if (outcome === 'retry-later') continue;
    forgetPending(store, deposit);
    result[outcome].push(deposit);
  }
  return result;
}
