/** CSV for spreadsheets: RFC 4180 quoting, and no cell a spreadsheet would run as a formula. */

/** A cell starting with = + - @ tab or CR is prefixed with ' (CSV injection); dates are ISO 8601. */
export function csvCell(value: unknown): string {
  if (value === null || value === undefined) return '';
  let text = value instanceof Date ? value.toISOString() : String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export const csvLine = (values: unknown[]) => values.map(csvCell).join(',') + '\r\n';
