import { Link } from 'react-router-dom';
import { useFormat } from '../../i18n/format.js';
import { useI18n } from '../../i18n/i18n-pages.js';
import { supportLinks } from '../../lib/support-links.js';
import { useSettings } from '../settings/api.js';
import { proofFileName } from './check.js';
import { endpointHost } from './holder-endpoint.js';
import { HOW_IT_WORKS_PATH } from './paths.js';
import { ProofDownload } from './ProofDownload.js';
import { useSayReason } from './say-reason.js';
import type { ReservesState } from './use-reserves-check.js';
import { VerifierCommand } from './VerifierCommand.js';
import './reserves.css';

/**
 * A failed proof-of-reserves check, at the top of the dashboard (DESIGN 15): what it means, what
 * failed in the reader's language, and what to do (keep the proof, check it with the verifier's
 * command, ask the operator through their support contacts). Nothing when the check did not fail.
 */
export function ReservesBanner({ state }: { state: ReservesState }) {
  const { t } = useI18n();
  const format = useFormat();
  const sayReason = useSayReason();
  const { data: settings } = useSettings();
  if (state.kind !== 'failed') return null;
  const { snapshot, file, reason, endpoint, chainRead } = state;
  const contacts = settings ? supportLinks(settings) : [];
  return (
    <section className="reserves-banner" role="alert" aria-labelledby="reserves-banner-title">
      <h2 id="reserves-banner-title">
        <span aria-hidden="true">✕ </span>
        {t('reserves.banner.title')}
      </h2>
      <p>{t('reserves.banner.meaning')}</p>
      <p className="reserves-banner-reason">
        <strong>{t('reserves.banner.what', { date: format.date(snapshot.takenAt) })}</strong> {sayReason(reason)}.
      </p>
      {chainRead && <p className="muted">{t('reserves.banner.readFrom', { host: endpointHost(endpoint) })}</p>}
      <h3>{t('reserves.banner.todo')}</h3>
      <ol>
        {file && (
          <>
            <li>
              {t('reserves.banner.keep')} <ProofDownload file={file} />
            </li>
            <li>
              {t('reserves.banner.verify')}
              <VerifierCommand file={proofFileName(snapshot, file.proof.wallet)} rpcUrl={endpoint} advice={false} />
            </li>
          </>
        )}
        <li>
          {contacts.length === 0 ? (
            t('reserves.banner.noContact')
          ) : (
            <>
              {t('reserves.banner.contact')}
              <ul className="reserves-contacts">
                {contacts.map(({ kind, href, value }) => (
                  <li key={kind}>
                    {t(`reserves.support.${kind}`)}{' '}
                    <a href={href} {...(kind === 'email' ? {} : { target: '_blank', rel: 'noopener noreferrer' })}>
                      {value}
                    </a>
                  </li>
                ))}
              </ul>
            </>
          )}
        </li>
      </ol>
      <p>
        {t('reserves.banner.reported')} <Link to={HOW_IT_WORKS_PATH}>{t('reserves.banner.how')}</Link>
      </p>
    </section>
  );
}
