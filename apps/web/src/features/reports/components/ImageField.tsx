import { DeleteOutlined, UploadOutlined } from '@ant-design/icons';
import type { UseMutationResult } from '@tanstack/react-query';
import { REPORT_IMAGE_MAX_BYTES } from '@taxlens/shared';
import { App, Button, Popconfirm, Space, Typography, theme, Upload } from 'antd';

const IMAGE_TYPES = ['image/png', 'image/jpeg'];

/** What the field says: its label and hint, the buttons, the confirmation and the messages. */
export interface ImageFieldText {
  label: string;
  hint: string;
  upload: string;
  replace: string;
  delete: string;
  deleteConfirm: string;
  /** Said under the confirmation when deleting has a further effect. */
  deleteNote?: string;
  uploaded: string;
  deleted: string;
  wrongType: string;
  tooLarge: string;
  none: string;
}

interface ImageFieldProps {
  imageUrl: string | null;
  text: ImageFieldText;
  /** Uploads (a file) or removes (null) the image. */
  change: UseMutationResult<unknown, Error, File | null>;
  /** data-testid of the field; its parts add -preview, -upload and -delete. */
  testId: string;
}

/**
 * One of the group's report images (watermark image, cover logo): thumbnail, upload or replace,
 * delete. The server checks it again by its bytes.
 */
export function ImageField({ imageUrl, text, change, testId }: ImageFieldProps) {
  const { message } = App.useApp();
  const { token } = theme.useToken();

  const upload = (file: File) => {
    if (!IMAGE_TYPES.includes(file.type)) void message.error(text.wrongType);
    else if (file.size > REPORT_IMAGE_MAX_BYTES) void message.error(text.tooLarge);
    else change.mutate(file, { onSuccess: () => void message.success(text.uploaded) });
    // The upload goes through the API client, not antd's own request.
    return false;
  };

  return (
    <div className="tl-image-field" data-testid={testId}>
      <Typography.Text strong>{text.label}</Typography.Text>
      <Space align="center" size={12} wrap>
        <div className="tl-image-thumb" style={{ border: `1px dashed ${token.colorBorder}` }}>
          {imageUrl ? (
            <img src={imageUrl} alt={text.label} data-testid={`${testId}-preview`} />
          ) : (
            <Typography.Text type="secondary">{text.none}</Typography.Text>
          )}
        </div>
        <Upload accept=".png,.jpg,.jpeg,image/png,image/jpeg" showUploadList={false} beforeUpload={upload}>
          <Button icon={<UploadOutlined />} loading={change.isPending} data-testid={`${testId}-upload`}>
            {imageUrl ? text.replace : text.upload}
          </Button>
        </Upload>
        {imageUrl && (
          <Popconfirm
            title={text.deleteConfirm}
            description={text.deleteNote}
            onConfirm={() => change.mutateAsync(null).then(() => void message.success(text.deleted))}
          >
            <Button danger icon={<DeleteOutlined />} data-testid={`${testId}-delete`}>
              {text.delete}
            </Button>
          </Popconfirm>
        )}
      </Space>
      <Typography.Text type="secondary" className="tl-small">
        {text.hint}
      </Typography.Text>
    </div>
  );
}
