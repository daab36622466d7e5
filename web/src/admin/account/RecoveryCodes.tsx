import { CopyOutlined, DownloadOutlined } from '@ant-design/icons';
import { Alert, Button, Checkbox, Space } from 'antd';
import { useState } from 'react';
import { useAdminI18n, useLocalizeMessage } from '../i18n.js';
import { usePlatform } from '../platform.js';
import { useToast } from '../toast.js';

/** The platform's file saver takes CSV: one code a row under a header. */
const FILE_NAME = 'stakedesk-recovery-codes.csv';

/**
 * The 10 recovery codes, the only time they are shown: copy or save them, and say so before
 * leaving (the server keeps only their hashes).
 */
export function RecoveryCodes({ codes, onDone, doneLabel }: { codes: string[]; onDone: () => void; doneLabel?: string }) {
  const { t } = useAdminI18n();
  const platform = usePlatform();
  const toast = useToast();
  const localize = useLocalizeMessage();
  const [saved, setSaved] = useState(false);

  async function copy() {
    try {
      await platform.copyText(codes.join('\n'));
      toast.success(t('recovery.copied'));
    } catch {
      toast.error(t('copy.failed'));
    }
  }

  async function download() {
    try {
      if ((await platform.saveCsv(FILE_NAME, ['recovery_code', ...codes].join('\n') + '\n')) === 'saved')
        toast.success(t('recovery.downloaded'), FILE_NAME);
    } catch (error) {
      toast.error(t('csv.failed'), localize(error));
    }
  }

  return (
    <section aria-label={t('recovery.title')}>
      <Alert type="warning" showIcon title={t('recovery.warning')} description={t('recovery.warningText')} style={{ marginBottom: 16 }} />
      <ol className="admin-recovery-codes" aria-label={t('recovery.listLabel')}>
        {codes.map((code) => (
          <li key={code} className="admin-mono">
            {code}
          </li>
        ))}
      </ol>
      <Space wrap style={{ marginBottom: 16 }}>
        <Button icon={<CopyOutlined />} onClick={copy}>
          {t('recovery.copy')}
        </Button>
        <Button icon={<DownloadOutlined />} onClick={download}>
          {t('recovery.download')}
        </Button>
      </Space>
      <div>
        <Checkbox checked={saved} onChange={(event) => setSaved(event.target.checked)}>
          {t('recovery.saved')}
        </Checkbox>
      </div>
      <Button type="primary" disabled={!saved} onClick={onDone} style={{ marginTop: 12 }}>
        {doneLabel ?? t('recovery.done')}
      </Button>
    </section>
  );
}
