import { DeleteOutlined, UploadOutlined } from '@ant-design/icons';
import { WATERMARK_IMAGE_MAX_BYTES } from '@taxlens/shared';
import { App, Button, Popconfirm, Space, Typography, theme, Upload } from 'antd';
import { t } from '../../../locales';
import { useWatermarkImage } from '../queries';

const IMAGE_TYPES = ['image/png', 'image/jpeg'];

/** The optional watermark image: thumbnail, upload or replace, delete. The server checks it again by its bytes. */
export function WatermarkImageField({ imageUrl, hasText }: { imageUrl: string | null; hasText: boolean }) {
  const { message } = App.useApp();
  const change = useWatermarkImage();
  const { token } = theme.useToken();

  const upload = (file: File) => {
    if (!IMAGE_TYPES.includes(file.type)) void message.error(t('reports.watermark.imageWrongType'));
    else if (file.size > WATERMARK_IMAGE_MAX_BYTES) void message.error(t('reports.watermark.imageTooLarge'));
    else change.mutate(file, { onSuccess: () => void message.success(t('reports.watermark.imageUploaded')) });
    // The upload goes through the API client, not antd's own request.
    return false;
  };

  return (
    <div className="tl-watermark-image-field" data-testid="watermark-image">
      <Typography.Text strong>{t('reports.watermark.image')}</Typography.Text>
      <Space align="center" size={12} wrap>
        <div className="tl-watermark-thumb" style={{ border: `1px dashed ${token.colorBorder}` }}>
          {imageUrl ? (
            <img src={imageUrl} alt={t('reports.watermark.image')} data-testid="watermark-image-preview" />
          ) : (
            <Typography.Text type="secondary">{t('reports.watermark.imageNone')}</Typography.Text>
          )}
        </div>
        <Upload accept=".png,.jpg,.jpeg,image/png,image/jpeg" showUploadList={false} beforeUpload={upload}>
          <Button icon={<UploadOutlined />} loading={change.isPending} data-testid="watermark-image-upload">
            {imageUrl ? t('reports.watermark.imageReplace') : t('reports.watermark.imageUpload')}
          </Button>
        </Upload>
        {imageUrl && (
          <Popconfirm
            title={t('reports.watermark.imageDeleteConfirm')}
            description={hasText ? undefined : t('reports.watermark.imageDeleteNoText')}
            onConfirm={() =>
              change.mutateAsync(null).then(() => void message.success(t('reports.watermark.imageDeleted')))
            }
          >
            <Button danger icon={<DeleteOutlined />} data-testid="watermark-image-delete">
              {t('reports.watermark.imageDelete')}
            </Button>
          </Popconfirm>
        )}
      </Space>
      <Typography.Text type="secondary" className="tl-small">
        {t('reports.watermark.imageHint')}
      </Typography.Text>
    </div>
  );
}
