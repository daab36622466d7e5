import type { PublicSettings } from '@stakedesk/shared/api-types';
import { DEFAULT_MAINTENANCE_MESSAGE, DEFAULT_MAINTENANCE_TIME } from '@stakedesk/shared/constants';
import { useI18n } from '../../i18n/i18n-pages.js';

/** Replaces every route while maintenance is on (admins excepted). */
export function MaintenancePage({ settings }: { settings: PublicSettings }) {
  const { t } = useI18n();
  const type = settings.maintenanceType === 'update' ? 'update' : 'maintenance';
  // The defaults read in the reader's language; a message the operator wrote shows as written.
  const message =
    settings.maintenanceMessage === DEFAULT_MAINTENANCE_MESSAGE ? t('maintenance.defaultMessage') : settings.maintenanceMessage;
  const time =
    settings.maintenanceEstimatedTime === DEFAULT_MAINTENANCE_TIME ? t('maintenance.defaultTime') : settings.maintenanceEstimatedTime;
  return (
    <main className="maintenance">
      <div className="maintenance-brand">
        {settings.tokenLogo ? <img src={settings.tokenLogo} alt="" className="logo" /> : null}
        <span>{settings.tokenName}</span>
      </div>
      <span className="badge">{t(`maintenance.badge.${type}`)}</span>
      <h1>{t(`maintenance.heading.${type}`)}</h1>
      <p>{message}</p>
      <p>
        <strong>{t('maintenance.expected')}</strong>: {time}
      </p>
      <section className="card">
        <h2>{t('maintenance.whatsHappening')}</h2>
        <ul>
          <li>{t(`maintenance.${type}.1`)}</li>
          <li>{t(`maintenance.${type}.2`)}</li>
          <li>{t(`maintenance.${type}.3`)}</li>
        </ul>
      </section>
      <p>{t('maintenance.thanks')}</p>
    </main>
  );
}
