import { QueryTypes, type Sequelize } from 'sequelize';
import { ChainUnavailableError, type Chain, type SignatureInfo } from '../chain/chain.js';
import type { Logger } from '../logger.js';
import { withCursor } from './deposit-cursors.js';
import { intentClaim, recordIntentDeposit } from './deposit-intents.service.js';
import { followedAccounts } from './followed-accounts.js';
import { intentsReferencedAmong } from './watched-intents.js';

/** The most getSignaturesForAddress answers in one call. */
const PAGE = 1000;
/** Pages read back in one round; past them the older transactions are left to the reconciliation page. */
const MOST_PAGES = 10;
/**
 * A transaction the RPC lists but cannot return yet (load-balanced providers lag a little) is
 * asked for again each round, holding the cursor before it, for this long after its block time.
 */
const UNKNOWN_TRANSACTION_PATIENCE_MS = 2 * 60_000;

/** Told of each deposit a round records, with its transaction's block time (seconds; null when the RPC gives none). */
export type DepositRecorded = (blockTime: number | null) => void;

/** What one account's round read: the cursor to keep, deposits recorded, and the chain failure that ended it early. */
type Reading = { last: string | null; recorded: number; unavailable?: ChainUnavailableError };

/** The account's transactions after `last`, oldest first: one call, and one more for each full page before them. */
async function transactionsAfter(chain: Chain, address: string, last: string | null, logger: Logger): Promise<SignatureInfo[]> {
  const found: SignatureInfo[] = [];
  let before: string | undefined;
  for (let page = 0; page < MOST_PAGES; page++) {
    const listed = await chain.signaturesForAddress(address, PAGE, { ...(last && { until: last }), ...(before && { before }) });
    found.push(...listed);
    if (listed.length < PAGE) return found.reverse();
    before = listed.at(-1)!.signature;
  }
  logger.warn({ address, read: found.length }, 'more new transactions than a round reads: older ones are left to the reconciliation page');
  return found.reverse();
}

/** Transactions a stake or payout already records (the holder posted it first, say): nothing to fetch. */
async function alreadyUsed(sequelize: Sequelize, signatures: string[]): Promise<Set<string>> {
  if (signatures.length === 0) return new Set();
  const rows = await sequelize.query<{ tx_id: string }>('SELECT tx_id FROM used_transactions WHERE tx_id IN (:signatures)', {
    replacements: { signatures },
    type: QueryTypes.SELECT,
  });
  return new Set(rows.map((row) => row.tx_id));
}

/** Records the deposits the transaction proves for intents whose reference it lists; 'retry' while the RPC does not know it. */
async function depositsIn(
  sequelize: Sequelize,
  chain: Chain,
  { signature, blockTime }: SignatureInfo,
  onRecorded: DepositRecorded,
): Promise<number | 'retry'> {
  const keys = await chain.accountKeys(signature);
  if (!keys) return 'retry';
  let recorded = 0;
  for (const intent of await intentsReferencedAmong(sequelize, keys, blockTime)) {
    const verdict = await chain.verifyDeposit(intentClaim(intent, signature));
    if (!verdict.ok && verdict.retryable) return 'retry';
    // Anyone may list a reference in a transaction of their own: only the holder's transfer proves the deposit.
    if (!verdict.ok) continue;
    if ((await recordIntentDeposit(sequelize, intent.id, signature, verdict.sender))?.created) {
      recorded += 1;
      onRecorded(blockTime);
    }
  }
  return recorded;
}

const stillExpected = ({ blockTime }: SignatureInfo) =>
  blockTime === null || Date.now() - blockTime * 1000 < UNKNOWN_TRANSACTION_PATIENCE_MS;

/** Looks at each new successful transaction of the account once, oldest first, moving the cursor past what is settled. */
async function readAccount(
  sequelize: Sequelize,
  chain: Chain,
  logger: Logger,
  address: string,
  last: string | null,
  onRecorded: DepositRecorded,
): Promise<Reading> {
  const reading: Reading = { last, recorded: 0 };
  try {
    const fresh = await transactionsAfter(chain, address, last, logger);
    const used = await alreadyUsed(
      sequelize,
      fresh.filter((entry) => !entry.failed).map((entry) => entry.signature),
    );
    for (const entry of fresh) {
      if (!entry.failed && !used.has(entry.signature)) {
        const found = await depositsIn(sequelize, chain, entry, onRecorded);
        if (found === 'retry' && stillExpected(entry)) break;
        if (found === 'retry')
          logger.warn({ signature: entry.signature }, 'the RPC lists a transaction it never returns; left to the reconciliation page');
        else reading.recorded += found;
      }
      reading.last = entry.signature;
    }
  } catch (error) {
    if (!(error instanceof ChainUnavailableError)) throw error;
    reading.unavailable = error;
  }
  return reading;
}

/**
 * One round of deposit detection at constant cost (DESIGN 12): for each followed token account of
 * the staking wallet, the transactions since its cursor (one getSignaturesForAddress when nothing
 * is new), each new one fetched once and matched against every watched intent's reference in one
 * query. Its RPC calls do not depend on the number of open intents, and no per-reference history
 * is read, so a transaction that merely lists a reference hides nothing. Safe on several
 * instances at once (each account's cursor is read under its row lock). Returns how many deposits
 * were recorded.
 */
export async function followDeposits(
  sequelize: Sequelize,
  chain: Chain,
  logger: Logger,
  onRecorded: DepositRecorded = () => {},
): Promise<number> {
  let recorded = 0;
  try {
    for (const address of await followedAccounts(sequelize, chain)) {
      const reading = await withCursor(sequelize, address, (last) => readAccount(sequelize, chain, logger, address, last, onRecorded));
      recorded += reading?.recorded ?? 0;
      if (reading?.unavailable) throw reading.unavailable;
    }
  } catch (error) {
    if (!(error instanceof ChainUnavailableError)) throw error;
    logger.warn({ err: error }, 'deposits could not be looked for on chain; will look again');
  }
  return recorded;
}
