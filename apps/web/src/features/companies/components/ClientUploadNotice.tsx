import { Button } from 'antd';
import { useNavigate } from 'react-router';
import { useAppApi } from '../../../lib/app-api';
import { useRealtimeEvent } from '../../../lib/realtime';
import { t } from '../../../locales';
import { firmPath } from '../firm-path';

/**
 * 客户上传链接 news for the firm's responsible users (issue 19): the server sends CLIENT_UPLOAD to
 * the company's assignee and the link's creator when the client fills in or uploads; the pop-up
 * stays until closed and leads to the company's page.
 */
export function ClientUploadNotice() {
  const { notification } = useAppApi();
  const navigate = useNavigate();
  useRealtimeEvent('CLIENT_UPLOAD', (message) => {
    const firmId = Number(message.firmId);
    const name = typeof message.taxpayerName === 'string' ? message.taxpayerName : '';
    const fileName = typeof message.fileName === 'string' ? message.fileName : null;
    const key = `client-upload-${String(message.shareId)}-${String(message.state)}-${fileName ?? ''}`;
    notification.open({
      key,
      type: 'info',
      title: t('staff.clientUpload.title'),
      description:
        message.state === 'uploaded'
          ? t('staff.clientUpload.uploaded', { name, file: fileName ?? '' })
          : t('staff.clientUpload.bound', { name }),
      duration: false,
      props: { 'data-testid': 'client-upload-notification' },
      actions: Number.isInteger(firmId) ? (
        <Button
          type="primary"
          size="small"
          onClick={() => {
            notification.destroy(key);
            navigate(firmPath(firmId));
          }}
        >
          {t('staff.clientUpload.view')}
        </Button>
      ) : undefined,
    });
  });
  return null;
}
