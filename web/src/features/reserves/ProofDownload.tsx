import { useEffect, useMemo } from 'react';
import type { ReservesProofFile } from '@stakedesk/shared/reserves/snapshot';
import { useI18n } from '../../i18n/i18n-pages.js';
import { proofFileJson, proofFileName } from './check.js';

/** The snapshot, the proof and the holder's records as the verifier's file, saved by the browser (npx stakedesk-verify reads it). */
export function ProofDownload({ file }: { file: ReservesProofFile }) {
  const { t } = useI18n();
  const href = useMemo(() => URL.createObjectURL(new Blob([proofFileJson(file)], { type: 'application/json' })), [file]);
  useEffect(() => () => URL.revokeObjectURL(href), [href]);
  return (
    <a href={href} download={proofFileName(file.snapshot, file.proof.wallet)}>
      {t('reserves.download')}
    </a>
  );
}
