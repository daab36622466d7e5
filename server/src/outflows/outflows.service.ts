import { QueryTypes, type Sequelize } from 'sequelize';
import type { OutflowExplanation, TreasuryOutflow } from '@stakedesk/shared/api-types';
import { msg } from '@stakedesk/shared/i18n/catalogue';
import { fromRawAmount } from '@stakedesk/shared/money';
import type { OutflowExplainInput } from '@stakedesk/shared/schemas';
import { recordAudit, type Actor } from '../audit/index.js';
import { conflict, notFound } from '../errors.js';
import type { StepUp } from '../http/step-up-contract.js';

/** Explained outflows the list keeps showing, newest first, under every unexplained one. */
const EXPLAINED_SHOWN = 50;

type OutflowRow = {
  signature: string;
  account: string;
  owner: string;
  mint: string;
  amount: string;
  decimals: number;
  block_time: Date | null;
  created_at: Date;
  status: 'unexplained' | 'explained';
  alerted_at: Date | null;
  explained_by: OutflowExplanation | null;
  note: string | null;
  explained_at: Date | null;
};

const COLUMNS = `signature, account, owner, mint, amount::text, decimals, block_time, created_at, status, alerted_at, explained_by, note, explained_at`;

function toOutflowJson(row: OutflowRow): TreasuryOutflow {
  return {
    signature: row.signature,
    account: row.account,
    owner: row.owner,
    mint: row.mint,
    amount: fromRawAmount(BigInt(row.amount), row.decimals),
    blockTime: row.block_time?.toISOString() ?? null,
    seenAt: row.created_at.toISOString(),
    status: row.status,
    alerted: row.alerted_at !== null,
    explainedBy: row.explained_by,
    note: row.note,
    explainedAt: row.explained_at?.toISOString() ?? null,
  };
}

/** Every unexplained outflow (oldest first: the one holding automatic payouts longest), then the latest explained ones. */
export async function listOutflows(db: Sequelize): Promise<TreasuryOutflow[]> {
  const rows = await db.query<OutflowRow>(
    `SELECT * FROM (
       (SELECT ${COLUMNS} FROM treasury_outflows WHERE status = 'unexplained')
       UNION ALL
       (SELECT ${COLUMNS} FROM treasury_outflows WHERE status = 'explained' ORDER BY explained_at DESC LIMIT :shown)
     ) listed
     ORDER BY status = 'explained', CASE WHEN status = 'unexplained' THEN created_at END, explained_at DESC, signature, account`,
    { replacements: { shown: EXPLAINED_SHOWN }, type: QueryTypes.SELECT },
  );
  return rows.map(toOutflowJson);
}

/**
 * An owner's account of an outflow the books do not explain (an operator paid outside them, a
 * top-up sent elsewhere, a key that leaked and was rotated), with step-up and audited: every row of
 * that transaction is explained with the note, and automatic payouts may resume at their next
 * round if nothing else stops them. An explained outflow stays explained.
 */
export async function explainOutflow(
  db: Sequelize,
  signature: string,
  input: OutflowExplainInput,
  actor: Actor,
  stepUp: StepUp,
): Promise<TreasuryOutflow[]> {
  const confirm = await stepUp();
  return db.transaction(async (transaction) => {
    const rows = await db.query<OutflowRow>(
      `SELECT ${COLUMNS} FROM treasury_outflows WHERE signature = :signature ORDER BY account FOR UPDATE`,
      { replacements: { signature }, type: QueryTypes.SELECT, transaction },
    );
    if (rows.length === 0) throw notFound(msg('outflowNotFound'));
    if (rows.every((row) => row.status === 'explained')) throw conflict(msg('outflowAlreadyExplained'));
    await confirm(transaction);
    const explanation: OutflowExplanation = { kind: 'owner', adminId: actor.id, username: actor.username };
    const explained = await db.query<OutflowRow>(
      `UPDATE treasury_outflows SET status = 'explained', explained_by = :explanation::jsonb, note = :note, explained_at = now()
       WHERE signature = :signature AND status = 'unexplained' RETURNING ${COLUMNS}`,
      { replacements: { signature, note: input.note, explanation: JSON.stringify(explanation) }, type: QueryTypes.SELECT, transaction },
    );
    await recordAudit(db, transaction, actor, {
      action: 'outflow.explain',
      entityType: 'outflow',
      before: { signature, outflows: rows.filter((row) => row.status === 'unexplained').map(toOutflowJson) },
      after: { signature, note: input.note, outflows: explained.map(toOutflowJson) },
    });
    const byAccount = new Map([...rows, ...explained].map((row) => [row.account, row]));
    return [...byAccount.values()].map(toOutflowJson);
  });
}
