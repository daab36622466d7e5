import { Link } from 'react-router-dom';
import { useI18n } from '../../i18n/i18n.js';
import { RESERVES_PATH } from '../../features/reserves/paths.js';
import { useSettings } from '../../features/settings/api.js';

const whatsappLink = (value: string) => `https://wa.me/${value.replace(/[^\d]/g, '')}`;
const telegramLink = (value: string) =>
  /^https:\/\//i.test(value) ? value : `https://t.me/${encodeURIComponent(value.replace(/^@/, ''))}`;

/** Support icons appear only for what the operator configured. */
export function Footer() {
  const { t } = useI18n();
  const { data: settings } = useSettings();
  return (
    <footer className="footer">
      <nav>
        <a href="/#plans">{t('nav.stake')}</a>
        <Link to="/dashboard">{t('nav.dashboard')}</Link>
        <Link to="/documentation">{t('nav.documentation')}</Link>
        <Link to={RESERVES_PATH}>{t('nav.reserves')}</Link>
      </nav>
      <div className="support">
        {settings?.supportEmail && (
          <a href={`mailto:${settings.supportEmail}`} aria-label={t('footer.email')} title={t('footer.email')}>
            ✉
          </a>
        )}
        {settings?.supportWhatsapp && (
          <a
            href={whatsappLink(settings.supportWhatsapp)}
            aria-label={t('footer.whatsapp')}
            title={t('footer.whatsapp')}
            target="_blank"
            rel="noopener noreferrer"
          >
            ☏
          </a>
        )}
        {settings?.supportTelegram && (
          <a
            href={telegramLink(settings.supportTelegram)}
            aria-label={t('footer.telegram')}
            title={t('footer.telegram')}
            target="_blank"
            rel="noopener noreferrer"
          >
            ✈
          </a>
        )}
      </div>
      <p className="credit">{t('footer.credit')}</p>
    </footer>
  );
}
