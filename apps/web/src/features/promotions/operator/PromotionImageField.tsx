import { UploadOutlined } from '@ant-design/icons';
import { App, Button, Space, Typography, Upload } from 'antd';
import { useState } from 'react';
import { isApiError } from '../../../lib/http';
import { t } from '../../../locales';
import { promotionsOperatorApi } from './api';

interface Props {
  value?: string | null;
  onChange?: (imageKey: string) => void;
  /** The stored image's address when editing. */
  initialUrl?: string | null;
}

/** A form field holding the storage key of an uploaded banner image, with its preview. */
export function PromotionImageField({ value, onChange, initialUrl }: Props) {
  const { message } = App.useApp();
  const [preview, setPreview] = useState<string | null>(initialUrl ?? null);
  const [busy, setBusy] = useState(false);
  const upload = async (file: File) => {
    setBusy(true);
    try {
      const stored = await promotionsOperatorApi.uploadImage(file);
      setPreview(stored.imageUrl);
      onChange?.(stored.imageKey);
    } catch (error) {
      if (isApiError(error)) message.error(error.msg);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      {value && preview && <img src={preview} alt="" className="op-promo-preview" data-testid="promo-image-preview" />}
      <Upload
        accept="image/png,image/jpeg,.png,.jpg,.jpeg"
        showUploadList={false}
        beforeUpload={(file) => {
          void upload(file);
          return false;
        }}
      >
        <Button icon={<UploadOutlined />} loading={busy} data-testid="promo-image-upload">
          {t('promotions.operator.upload')}
        </Button>
      </Upload>
      <Typography.Text type="secondary">{t('promotions.operator.uploadHint')}</Typography.Text>
    </Space>
  );
}
