import { compareDecimal } from '@stakedesk/shared/decimal';

/** Above this a percentage says nothing more than "far more than enough". */
const SHOWN_UP_TO = '999';

/** The coverage as a reader takes it in: "75.56%", or ">999%" when the wallets hold many times what is owed. */
export function coverageText(percent: string): string {
  return compareDecimal(percent, SHOWN_UP_TO) > 0 ? `>${SHOWN_UP_TO}%` : `${percent}%`;
}
