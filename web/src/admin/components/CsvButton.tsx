import { DownloadOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useState } from 'react';
import type { ListParams } from '../core/api/admin-client.js';
import { useAdminI18n, useLocalizeMessage } from '../i18n.js';
import { usePlatform } from '../platform.js';
import { useAdminClient } from '../core/session/session.js';
import { useToast } from '../toast.js';

/** Exports a whole list (every page, with the table's status filter) as CSV through the platform. */
export function CsvButton({ path, params, fileName }: { path: string; params?: ListParams; fileName: string }) {
  const { t } = useAdminI18n();
  const client = useAdminClient();
  const platform = usePlatform();
  const toast = useToast();
  const localize = useLocalizeMessage();
  const [busy, setBusy] = useState(false);

  async function exportCsv() {
    setBusy(true);
    try {
      const csv = await client.text(path, params);
      if ((await platform.saveCsv(fileName, csv)) === 'saved') toast.success(t('csv.saved'), fileName);
    } catch (error) {
      toast.error(t('csv.failed'), localize(error));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Button icon={<DownloadOutlined />} loading={busy} onClick={exportCsv}>
      {t('csv.export')}
    </Button>
  );
}
