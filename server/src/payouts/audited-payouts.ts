import { QueryTypes, type Sequelize } from 'sequelize';

// What an audit of the books (books-audit/) reads of the payouts, handed to it by the composing
// files (audited-books.ts): payouts import books-audit's holds.

/** The wallet that paid the payout whose transaction is withdrawal `w`'s TXID; NULL for none. */
export const PAYOUT_PAYER_OF_W = '(SELECT p.payer FROM payouts p WHERE p.signature = w.tx_id AND p.payer IS NOT NULL)';

/** Whether an owner marked withdrawal `w` paid after reviewing a payout of it that landed short. */
export const PAID_AFTER_REVIEW_OF_W =
  "EXISTS (SELECT 1 FROM payout_withdrawals pw WHERE pw.withdrawal_id = w.id AND pw.resolution = 'paid')";

/** Whether `signature` is the transaction of a payout open or completed (one that expired or failed moved nothing). */
export async function payoutOfSignatureKnown(db: Sequelize, signature: string): Promise<boolean> {
  const [row] = await db.query<{ known: boolean }>(
    `SELECT EXISTS (SELECT 1 FROM payouts WHERE signature = :signature AND status IN ('prepared', 'sent', 'needs_review', 'completed')) AS known`,
    { replacements: { signature }, type: QueryTypes.SELECT },
  );
  return row!.known;
}
