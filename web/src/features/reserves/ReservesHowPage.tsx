import { Link } from 'react-router-dom';
import { usePageDescription } from '../../components/use-page-description.js';
import { usePageTitle } from '../../components/use-page-title.js';
import { useI18n } from '../../i18n/i18n-pages.js';
import { useSettings } from '../settings/api.js';
import { howEn, type HowKey } from './how-en.js';
import { howPtBR } from './how-pt-BR.js';
import { RESERVES_PATH } from './paths.js';
import { VerifierCommand } from './VerifierCommand.js';
import './reserves.css';

/** /reserves/how-it-works: the proof of reserves in plain words, what it shows and what it cannot, and the check by hand. */
export function ReservesHowPage() {
  const { t, language } = useI18n();
  const { data: settings } = useSettings();
  const texts = language === 'pt-BR' ? howPtBR : howEn;
  const text = (key: HowKey) => texts[key];
  usePageTitle(t('title.reservesHow'), settings?.tokenName);
  usePageDescription(t('meta.reservesHow', { token: settings?.tokenName ?? '' }));
  const section = (id: string, heading: HowKey, keys: HowKey[]) => (
    <section aria-labelledby={id}>
      <h2 id={id}>{text(heading)}</h2>
      {keys.map((key) => (
        <p key={key}>{text(key)}</p>
      ))}
    </section>
  );
  return (
    <main className="reserves-how">
      <h1>{t('title.reservesHow')}</h1>
      <p>{text('intro')}</p>
      {section('how-snapshot', 'snapshotHeading', ['snapshot1', 'snapshot2'])}
      <section aria-labelledby="how-shows">
        <h2 id="how-shows">{text('showsHeading')}</h2>
        <ul>
          {(['shows1', 'shows2', 'shows3', 'shows4', 'shows5', 'shows6'] as const).map((key) => (
            <li key={key}>{text(key)}</li>
          ))}
        </ul>
      </section>
      <section aria-labelledby="how-checks">
        <h2 id="how-checks">{text('checksHeading')}</h2>
        <p>{text('checksIntro')}</p>
        <ul>
          {(['checks1', 'checks2', 'checks3', 'checks4', 'checks5'] as const).map((key) => (
            <li key={key}>{text(key)}</li>
          ))}
        </ul>
      </section>
      {section('how-limits', 'limitsHeading', ['limits1', 'limits2', 'limits3', 'limits4'])}
      <section aria-labelledby="how-by-hand">
        <h2 id="how-by-hand">{text('byHandHeading')}</h2>
        <ol>
          <li>{text('byHand1')}</li>
          <li>
            {text('byHand2')}
            <VerifierCommand />
          </li>
          <li>{text('byHand3')}</li>
          <li>{text('byHand4')}</li>
        </ol>
      </section>
      <p>
        <Link to={RESERVES_PATH}>{text('snapshotsLink')}</Link>
      </p>
      <Link to="/">{t('nav.backHome')}</Link>
    </main>
  );
}
