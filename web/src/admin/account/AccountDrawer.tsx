import { Descriptions, Drawer, Skeleton, Tag } from 'antd';
import { useAdminMe } from '../core/queries/queries.js';
import { useAdminFormat } from '../format.js';
import { useAdminI18n } from '../i18n.js';
import { RoleTag } from '../core/roles/RoleTag.js';
import { PasskeysCard } from './PasskeysCard.js';
import { PasswordCard } from './PasswordCard.js';
import { SessionsCard } from './SessionsCard.js';
import { TwoFactorCard } from './TwoFactorCard.js';

/**
 * The signed-in admin's own account, beside whatever tab is open: who they are, their password,
 * two-factor, passkeys, and sign out everywhere. Stays mounted when closed, so recovery codes on screen
 * are not lost by closing it.
 */
export function AccountDrawer({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useAdminI18n();
  const format = useAdminFormat();
  const { data: me } = useAdminMe();
  return (
    <Drawer open={open} onClose={onClose} title={t('account.title')} size="min(560px, 100vw)" placement="right">
      {!me ? (
        <Skeleton active />
      ) : (
        <>
          <Descriptions
            column={1}
            size="small"
            bordered
            items={[
              { key: 'username', label: t('server.fieldUsername'), children: me.username },
              { key: 'email', label: t('server.fieldEmail'), children: me.email },
              { key: 'role', label: t('server.fieldRole'), children: <RoleTag role={me.role} /> },
              {
                key: 'twoFactor',
                label: t('account.twoFactor'),
                children: (
                  <Tag color={me.twoFactorEnabled ? 'green' : 'default'}>{me.twoFactorEnabled ? t('account.on') : t('account.off')}</Tag>
                ),
              },
              { key: 'passkeys', label: t('account.passkeys'), children: format.count(me.passkeyCount) },
              { key: 'since', label: t('account.since'), children: format.dateTime(me.createdAt) },
            ]}
          />
          <TwoFactorCard me={me} />
          <PasskeysCard me={me} />
          <PasswordCard />
          <SessionsCard />
        </>
      )}
    </Drawer>
  );
}
