import { Alert, App, Button, Card, ConfigProvider, Form, Input, Space, Typography } from 'antd';
import enUS from 'antd/locale/en_US';
import ptBR from 'antd/locale/pt_BR';
import { useState } from 'react';
import { initialLanguage } from '../../../../web/src/i18n/language.js';
import { adminTheme } from '../../../../web/src/admin/theme.js';
import type { ServerCheckResult, StakedeskBridge } from '../../shared/bridge.js';
import { setupMessages } from './setup-messages.js';

type Props = {
  bridge: StakedeskBridge;
  /** The saved server, when changing it. */
  current: string | null;
  /** Back to the panel (only when a server is already saved). */
  onCancel: (() => void) | undefined;
};

type Status = { type: 'success' | 'error' | 'info'; text: string } | null;

/** Asks for the server URL; the main process checks GET /api/health before it saves anything. */
export function ServerSetup({ bridge, current, onCancel }: Props) {
  const [language] = useState(initialLanguage);
  const messages = setupMessages(language);
  const [form] = Form.useForm<{ url: string }>();
  const [busy, setBusy] = useState<'check' | 'save' | null>(null);
  const [status, setStatus] = useState<Status>(null);

  function show(result: ServerCheckResult, success: string) {
    setStatus(result.ok ? { type: 'success', text: success } : { type: 'error', text: messages.failures[result.reason] });
  }

  async function run(kind: 'check' | 'save') {
    let url: string;
    try {
      ({ url } = await form.validateFields());
    } catch {
      return;
    }
    setBusy(kind);
    setStatus(null);
    try {
      if (kind === 'check') show(await bridge.serverUrlCheck(url), messages.reachable);
      // On success the main process reloads the window with the panel for this server.
      else show(await bridge.serverUrlSet(url), messages.saved);
    } catch {
      setStatus({ type: 'error', text: messages.failures['invalid-url'] });
    } finally {
      setBusy(null);
    }
  }

  return (
    <ConfigProvider locale={language === 'pt-BR' ? ptBR : enUS} theme={adminTheme}>
      <App className="setup-app">
        <main className="setup-screen">
          <Card title={<Typography.Title level={3}>{messages.title}</Typography.Title>} style={{ width: 'min(520px, 100%)' }}>
            <Typography.Paragraph type="secondary">{messages.intro}</Typography.Paragraph>
            <Form
              form={form}
              layout="vertical"
              requiredMark={false}
              initialValues={{ url: current ?? '' }}
              onFinish={() => void run('save')}
            >
              <Form.Item label={messages.urlLabel} name="url" rules={[{ required: true, whitespace: true, message: messages.urlRequired }]}>
                <Input placeholder="https://stakedesk.example.com" autoFocus inputMode="url" spellCheck={false} />
              </Form.Item>
              {status && <Alert type={status.type} title={status.text} showIcon style={{ marginBottom: 16 }} />}
              <Space wrap>
                <Button type="primary" htmlType="submit" loading={busy === 'save'} disabled={busy === 'check'}>
                  {messages.save}
                </Button>
                <Button onClick={() => void run('check')} loading={busy === 'check'} disabled={busy === 'save'}>
                  {messages.check}
                </Button>
                {onCancel && <Button onClick={onCancel}>{messages.cancel}</Button>}
              </Space>
            </Form>
          </Card>
        </main>
      </App>
    </ConfigProvider>
  );
}
