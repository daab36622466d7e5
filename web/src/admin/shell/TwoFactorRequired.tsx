import { Alert, Button } from 'antd';
import { useState } from 'react';
import { RecoveryCodes } from '../account/RecoveryCodes.js';
import { TwoFactorEnrol } from '../account/TwoFactorEnrol.js';
import { isTwoFactorSetupRefusal } from '../core/api/admin-client.js';
import { useAdminI18n } from '../i18n.js';
import { LoginShell } from './LoginShell.js';
import { useAdminClient, useSession } from '../core/session/session.js';

/**
 * Every admin must have two-factor (settings.requireTwoFactor) and this one has not enrolled: the
 * only screen their token opens. Enrolment, the recovery codes, then on to the panel.
 */
export function TwoFactorRequired() {
  const { t } = useAdminI18n();
  const client = useAdminClient();
  const { logout, finishSetup, endWith } = useSession();
  const [codes, setCodes] = useState<string[] | null>(null);
  const [checking, setChecking] = useState(false);

  // Whether the token the login gave works everywhere now is the server's to say: if it still
  // answers "set up two-factor", signing in again (with a code) gives one that does.
  async function proceed() {
    setChecking(true);
    try {
      await client.get('/api/admin/stats');
      finishSetup();
    } catch (error) {
      if (isTwoFactorSetupRefusal(error)) endWith(t('setup.signInAgain'));
      else finishSetup();
    } finally {
      setChecking(false);
    }
  }

  return (
    <LoginShell title={t('setup.title')} width={520}>
      {codes ? (
        <RecoveryCodes codes={codes} onDone={() => void proceed()} doneLabel={checking ? `${t('setup.continue')}…` : t('setup.continue')} />
      ) : (
        <>
          <Alert type="info" showIcon title={t('server.twoFactorSetupRequired')} style={{ marginBottom: 16 }} />
          <TwoFactorEnrol onEnabled={setCodes} />
        </>
      )}
      <Button onClick={() => void logout()} style={{ marginTop: 16 }}>
        {t('header.logout')}
      </Button>
    </LoginShell>
  );
}
