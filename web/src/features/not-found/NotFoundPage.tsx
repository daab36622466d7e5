import { Link } from 'react-router-dom';
import { usePageTitle } from '../../components/use-page-title.js';
import { usePageDescription } from '../../components/use-page-description.js';
import { useI18n } from '../../i18n/i18n-pages.js';

export function NotFoundPage() {
  const { t } = useI18n();
  usePageTitle(t('title.notFound'), undefined, true);
  usePageDescription(t('meta.notFound'));
  return (
    <main className="not-found">
      <h1>404</h1>
      <p>{t('notFound.text')}</p>
      <Link to="/">{t('nav.backHome')}</Link>
    </main>
  );
}
