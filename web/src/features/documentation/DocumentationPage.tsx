import { Link } from 'react-router-dom';
import { usePageTitle } from '../../components/use-page-title.js';
import { useI18n } from '../../i18n/i18n.js';
import { useSettings } from '../settings/api.js';

export function DocumentationPage() {
  const { t } = useI18n();
  const { data: settings } = useSettings();
  usePageTitle(t('title.documentation'), settings?.tokenName);
  return (
    <main className="documentation">
      <h1>{t('docs.title')}</h1>
      <p>{t('docs.intro', { token: settings?.tokenName ?? '' })}</p>
      <ul>
        <li>{t('docs.reward')}</li>
        <li>{t('docs.early')}</li>
        <li>{t('docs.restake')}</li>
        <li>{t('docs.manual')}</li>
        <li>{t('docs.fees')}</li>
      </ul>
      <Link to="/">{t('nav.backHome')}</Link>
    </main>
  );
}
