import { shownCoverage } from '@stakedesk/shared/treasury';

/** The coverage as a reader takes it in: "75.56%", or ">999%" when the wallets hold many times what is owed. */
export function coverageText(percent: string): string {
  const shown = shownCoverage(percent);
  return `${shown.beyond ? '>' : ''}${shown.percent}%`;
}
