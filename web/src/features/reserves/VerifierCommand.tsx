import { useI18n } from '../../i18n/i18n-pages.js';
import { useVerifierPackage } from './api.js';
import { howEn } from './how-en.js';
import { howPtBR } from './how-pt-BR.js';

/** The command a holder runs to check a downloaded proof, with the package this site serves and its SHA-256 (DESIGN 15). */
export function VerifierCommand() {
  const { language } = useI18n();
  const text = language === 'pt-BR' ? howPtBR : howEn;
  const { data: served, isPending } = useVerifierPackage();
  if (isPending) return null;
  if (!served) return <p>{text.verifierMissing}</p>;
  const command = `npx --yes --package=${window.location.origin}/verify/${served.file} stakedesk-verify proof.json`;
  return (
    <>
      <pre>
        <code>{command}</code>
      </pre>
      <p>
        {text.checksum} <code>{served.sha256}</code>
      </p>
      <p>{text.checkFirst}</p>
    </>
  );
}
