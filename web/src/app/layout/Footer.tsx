import { Link } from 'react-router-dom';
import { useI18n } from '../../i18n/i18n.js';
import { RESERVES_PATH } from '../../features/reserves/paths.js';
import { useSettings } from '../../features/settings/api.js';
import { supportLinks, type SupportLink } from '../../lib/support-links.js';

const ICONS: Record<SupportLink['kind'], string> = { email: '✉', whatsapp: '☏', telegram: '✈' };

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
        {settings &&
          supportLinks(settings).map(({ kind, href }) => (
            <a
              key={kind}
              href={href}
              aria-label={t(`footer.${kind}`)}
              title={t(`footer.${kind}`)}
              {...(kind === 'email' ? {} : { target: '_blank', rel: 'noopener noreferrer' })}
            >
              {ICONS[kind]}
            </a>
          ))}
      </div>
      <p className="credit">{t('footer.credit')}</p>
    </footer>
  );
}
