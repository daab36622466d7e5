import { shownCoverage } from '@stakedesk/shared/treasury';
import type { AdminFormat } from '../format.js';

/** The coverage as a reader takes it in: "75.56%" ("75,56%" in Portuguese), or ">999%" when the wallets hold many times what is owed. */
export function coverageText(format: Pick<AdminFormat, 'percent'>, percent: string): string {
  const shown = shownCoverage(percent);
  return `${shown.beyond ? '>' : ''}${format.percent(shown.percent)}`;
}
