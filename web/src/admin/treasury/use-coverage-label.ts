import type { TreasuryCoverage } from '@stakedesk/shared/api-types';
import { useAdminFormat } from '../format.js';
import { useAdminI18n } from '../i18n.js';
import { coverageText } from '../components/coverage-text.js';

/** The coverage figure in words: a percentage (">999%" past that), "Unknown", or "Nothing owed". */
export function useCoverageLabel(): (coverage: TreasuryCoverage | undefined) => string {
  const { t } = useAdminI18n();
  const format = useAdminFormat();
  return (coverage) =>
    coverage?.coveragePercent != null
      ? coverageText(format, coverage.coveragePercent)
      : coverage?.heldBalance == null
        ? t('treasury.unknown')
        : t('treasury.nothingOwed');
}
