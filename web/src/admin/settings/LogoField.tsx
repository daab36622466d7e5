import { DeleteOutlined, UploadOutlined } from '@ant-design/icons';
import { Button, Space, Typography, Upload } from 'antd';
import { LOGO_ADVISED_SIZE, LOGO_MAX_BYTES, LOGO_MIME_TYPES } from '@stakedesk/shared/constants';
import { checkLogoDataUrl } from '@stakedesk/shared/logo';
import { useAdminI18n, useLocalizeMessage } from '../i18n.js';
import { useToast } from '../toast.js';

const readAsDataUrl = (file: File) =>
  new Promise<string>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('read failed'));
    reader.readAsDataURL(file);
  });

/** The logo as a data URL (a Form control): preview, upload, remove. PNG/JPEG/WebP/GIF up to 5 MB. */
export function LogoField({ value, onChange, id }: { value?: string | null; onChange?: (value: string) => void; id?: string }) {
  const { t } = useAdminI18n();
  const localize = useLocalizeMessage();
  const toast = useToast();

  async function choose(file: File) {
    if (file.size > LOGO_MAX_BYTES) {
      toast.error(t('server.logoTooLargeTitle'), t('server.logoTooLarge'));
      return;
    }
    const dataUrl = await readAsDataUrl(file);
    const check = checkLogoDataUrl(dataUrl);
    if (!check.ok) {
      toast.error(t('settings.logoRefused'), localize(check.message));
      return;
    }
    onChange?.(dataUrl);
  }

  return (
    <Space direction="vertical">
      {value ? (
        <img src={value} alt={t('settings.logoPreview')} style={{ maxWidth: 250, maxHeight: 63, background: '#ffffff10' }} />
      ) : (
        <Typography.Text type="secondary">{t('settings.noLogo')}</Typography.Text>
      )}
      <Space wrap>
        <Upload
          accept={LOGO_MIME_TYPES.join(',')}
          showUploadList={false}
          beforeUpload={(file) => {
            void choose(file);
            return false;
          }}
        >
          <Button id={id} icon={<UploadOutlined />}>
            {t('settings.logoUpload')}
          </Button>
        </Upload>
        {value && (
          <Button danger icon={<DeleteOutlined />} onClick={() => onChange?.('')}>
            {t('settings.logoRemove')}
          </Button>
        )}
      </Space>
      <Typography.Text type="secondary">{t('settings.logoNote', { size: LOGO_ADVISED_SIZE })}</Typography.Text>
    </Space>
  );
}
