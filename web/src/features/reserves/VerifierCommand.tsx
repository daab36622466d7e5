import { useI18n } from '../../i18n/i18n-pages.js';
import { useVerifierPackage, type VerifierPackage } from './api.js';
import { howEn } from './how-en.js';
import { howPtBR } from './how-pt-BR.js';

/** The command that checks `file` with the package this site serves; with `rpcUrl`, against the chain too (`--rpc`). */
export const verifierCommand = (served: VerifierPackage, file: string, rpcUrl?: string): string =>
  `npx --yes --package=${window.location.origin}/verify/${served.file} stakedesk-verify ${file}${rpcUrl ? ` --rpc ${rpcUrl}` : ''}`;

/**
 * The command a holder runs to check a downloaded proof, with the package this site serves and its
 * SHA-256 (DESIGN 15): as the documentation shows it (`proof.json`, and how to check the package
 * first), or as the failure banner gives it, with the holder's file and endpoint filled in.
 */
export function VerifierCommand({ file = 'proof.json', rpcUrl, advice = true }: { file?: string; rpcUrl?: string; advice?: boolean }) {
  const { language } = useI18n();
  const text = language === 'pt-BR' ? howPtBR : howEn;
  const { data: served, isPending } = useVerifierPackage();
  if (isPending) return null;
  if (!served) return <p>{text.verifierMissing}</p>;
  return (
    <>
      <pre>
        <code>{verifierCommand(served, file, rpcUrl)}</code>
      </pre>
      <p>
        {text.checksum} <code>{served.sha256}</code>
      </p>
      {advice && <p>{text.checkFirst}</p>}
    </>
  );
}
