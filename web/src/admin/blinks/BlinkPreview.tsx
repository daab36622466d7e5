import { Alert, Button, Card, Flex, InputNumber, Space, Typography } from 'antd';
import type { StakeAction } from './api.js';

/**
 * A blink as Action clients draw one (Dialect's, a wallet's): the icon, title and description, the
 * reason when it is disabled, and a field and button per plan. Only a picture: nothing here posts.
 */
export function BlinkPreview({ action, domain }: { action: StakeAction; domain: string }) {
  return (
    <Card
      className="admin-blink-preview"
      cover={<img src={action.icon} alt="" style={{ display: 'block', width: '100%', aspectRatio: '1 / 1', objectFit: 'cover' }} />}
    >
      <Typography.Text type="secondary">{domain}</Typography.Text>
      <Typography.Title level={3} style={{ marginTop: 4 }}>
        {action.title}
      </Typography.Title>
      <Typography.Paragraph>{action.description}</Typography.Paragraph>
      {action.error && <Alert type="warning" showIcon title={action.error.message} style={{ marginBottom: 12 }} />}
      <Space direction="vertical" style={{ width: '100%' }}>
        {(action.links?.actions ?? []).map((linked) => {
          const amount = linked.parameters?.[0];
          return (
            // Wraps instead of squeezing: a long plan label would leave the amount field too narrow to read.
            <Flex key={linked.href} wrap gap="small">
              {amount && (
                <InputNumber
                  aria-label={`${linked.label}: ${amount.label ?? amount.name}`}
                  placeholder={amount.label}
                  min={amount.min}
                  disabled
                  style={{ flex: '1 1 9rem' }}
                />
              )}
              <Button type="primary" disabled style={{ flex: '1 1 auto' }}>
                {linked.label}
              </Button>
            </Flex>
          );
        })}
      </Space>
    </Card>
  );
}
