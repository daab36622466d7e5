import type { Response } from 'express';
import { csvLine } from '@stakedesk/shared/csv';

export const EXPORT_BATCH_SIZE = 1000;

/**
 * Streams a CSV download batch by batch (keyset pagination on id), so an export of every row
 * never holds the whole table in memory.
 */
export async function sendCsv<Row extends { id: number }>(
  res: Response,
  fileName: string,
  columns: { header: string; value: (row: Row) => unknown }[],
  nextBatch: (afterId: number) => Promise<Row[]>,
): Promise<void> {
  res.set({ 'Content-Type': 'text/csv; charset=utf-8', 'Content-Disposition': `attachment; filename="${fileName}"` });
  res.write(csvLine(columns.map((c) => c.header)));
  for (let afterId = 0; ;) {
    const rows = await nextBatch(afterId);
    if (rows.length === 0) break;
    const chunk = rows.map((row) => csvLine(columns.map((c) => c.value(row)))).join('');
    if (!res.write(chunk)) await new Promise((resolve) => res.once('drain', resolve));
    afterId = rows[rows.length - 1]!.id;
  }
  res.end();
}
