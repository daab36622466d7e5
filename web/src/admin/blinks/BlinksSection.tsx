import { CheckOutlined, CopyOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Col, List, Row, Skeleton, Typography } from 'antd';
import { useAdminPlans } from '../core/queries/queries.js';
import { useAdminI18n, useLocalizeMessage } from '../i18n.js';
import { useSiteOrigin, useStakeAction } from './api.js';
import { BlinkPreview } from './BlinkPreview.js';
import { usePanelCopy } from '../components/use-panel-copy.js';

/** A link with a button that copies it whole (through the platform: the desktop app's clipboard too). */
function CopyLink({ url, name }: { url: string; name: string }) {
  const { t } = useAdminI18n();
  const [copied, copyText] = usePanelCopy();
  const copy = () => copyText(url, t('blinks.copied'), url);
  return (
    <Typography.Text className="admin-mono" style={{ wordBreak: 'break-all' }}>
      {url}{' '}
      <Button
        type="text"
        size="small"
        onClick={copy}
        aria-label={t('blinks.copy', { name })}
        icon={copied ? <CheckOutlined /> : <CopyOutlined />}
      />
    </Typography.Text>
  );
}

/**
 * Stake from anywhere (DESIGN 18), under the plans: the blink links to share, for every open plan
 * and for each, and the Action as a blink client gets it from the server, drawn as one draws it.
 */
export function BlinksSection() {
  const { t, language } = useAdminI18n();
  const localize = useLocalizeMessage();
  const origin = useSiteOrigin();
  const { data: plans, isLoading: plansLoading } = useAdminPlans();
  const action = useStakeAction(language);
  const open = plans?.rows.filter((plan) => plan.isActive) ?? [];
  const links = [
    { key: 'all', name: t('blinks.allPlans'), path: '/stake' },
    ...open.map((plan) => ({ key: String(plan.id), name: plan.name, path: `/stake/${plan.id}` })),
  ];
  return (
    <section aria-labelledby="admin-blinks-title" style={{ marginTop: 32 }}>
      <Typography.Title level={2} className="admin-heading" id="admin-blinks-title">
        {t('blinks.title')}
      </Typography.Title>
      <Typography.Paragraph>{t('blinks.intro')}</Typography.Paragraph>
      <Row gutter={[16, 16]}>
        <Col xs={24} lg={14}>
          <Card title={t('blinks.linksTitle')}>
            <Typography.Paragraph type="secondary">{t('blinks.linksHint')}</Typography.Paragraph>
            {plansLoading ? (
              <Skeleton active />
            ) : (
              <List
                dataSource={links}
                renderItem={(link) => (
                  <List.Item key={link.key}>
                    <div>
                      <Typography.Text strong>{link.name}</Typography.Text>
                      <br />
                      <CopyLink url={`${origin}${link.path}`} name={link.name} />
                      <br />
                      <Typography.Text type="secondary">{t('blinks.actionUrl')}</Typography.Text>{' '}
                      <CopyLink
                        url={`solana-action:${origin}/api/actions${link.path}`}
                        name={t('blinks.actionUrlOf', { name: link.name })}
                      />
                    </div>
                  </List.Item>
                )}
              />
            )}
            {!plansLoading && open.length === 0 && <Alert type="info" showIcon title={t('blinks.noPlans')} />}
          </Card>
        </Col>
        <Col xs={24} lg={10}>
          <Card title={t('blinks.previewTitle')}>
            <Typography.Paragraph type="secondary">{t('blinks.previewHint')}</Typography.Paragraph>
            {action.isLoading ? (
              <Skeleton active />
            ) : action.error ? (
              <Alert type="error" showIcon title={t('blinks.previewFailed')} description={localize(action.error)} />
            ) : (
              action.data && <BlinkPreview action={action.data} domain={new URL(origin).host} />
            )}
          </Card>
        </Col>
      </Row>
    </section>
  );
}
