import { Alert, Descriptions, Typography } from 'antd';
import type { AdminSettings } from '@stakedesk/shared/api-types';
import { feePercent, maximumFeeTokens } from '../../lib/token/transfer-fee-figures.js';
import { useAdminFormat } from '../format.js';
import { useAdminI18n, useLocalizeMessage } from '../i18n.js';

const SPL_TOKEN = 'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA';
const TOKEN_2022 = 'TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb';

/**
 * What the saved token contract is, as the server read it from the chain when it was saved
 * (DESIGN 12): its token program, decimals, Token-2022 extensions and the transfer fee in force,
 * under what an owner should know of it first (a freeze authority, DESIGN 15). Nothing until a
 * contract has been read.
 */
export function MintProfile({ settings }: { settings: AdminSettings }) {
  const { t } = useAdminI18n();
  const format = useAdminFormat();
  const localize = useLocalizeMessage();
  const { tokenProgram, tokenDecimals, tokenExtensions, transferFee, tokenSymbol, mintWarnings } = settings;
  if (!tokenProgram || tokenDecimals === null) return null;
  const program = tokenProgram === SPL_TOKEN ? 'SPL Token' : tokenProgram === TOKEN_2022 ? 'Token-2022' : tokenProgram;
  return (
    <section aria-labelledby="mint-profile-title" data-testid="mint-profile" style={{ marginBottom: 24 }}>
      <Typography.Title level={2} id="mint-profile-title" className="admin-heading-small" style={{ marginTop: 0 }}>
        {t('settings.mint.title')}
      </Typography.Title>
      {mintWarnings.map((warning) => (
        <Alert
          key={warning.code}
          type="warning"
          showIcon
          className="admin-break-anywhere"
          message={localize(warning)}
          style={{ marginBottom: 12 }}
        />
      ))}
      <Descriptions
        bordered
        size="small"
        column={{ xs: 1, sm: 1, md: 2 }}
        items={[
          { key: 'program', label: t('settings.mint.program'), children: program },
          { key: 'decimals', label: t('settings.mint.decimals'), children: tokenDecimals },
          {
            key: 'extensions',
            label: t('settings.mint.extensions'),
            children: tokenExtensions.length > 0 ? tokenExtensions.join(', ') : t('settings.mint.none'),
          },
          {
            key: 'fee',
            label: t('settings.mint.transferFee'),
            children: transferFee
              ? t('settings.mint.feeValue', {
                  rate: format.exact(feePercent(transferFee)),
                  max: format.exact(maximumFeeTokens(transferFee, tokenDecimals)),
                  symbol: tokenSymbol,
                })
              : t('settings.mint.none'),
          },
        ]}
      />
      {transferFee && (
        <Typography.Paragraph type="secondary" style={{ marginTop: 8, marginBottom: 0 }}>
          {t('settings.mint.feeNote')}
        </Typography.Paragraph>
      )}
    </section>
  );
}
