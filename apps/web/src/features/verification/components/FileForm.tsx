import { DownloadOutlined, InboxOutlined } from '@ant-design/icons';
import { type CheckBatch, INVOICE_CHECK_LIMITS } from '@taxlens/shared';
import { App, Button, Flex, Upload, type UploadFile } from 'antd';
import { useState } from 'react';
import { t } from '../../../locales';
import { verificationApi } from '../api';
import { useUploadCheck } from '../queries';

const ACCEPT = '.xml,.ofd,.pdf,.png,.jpg,.jpeg,.xlsx';

/** Single and batch upload: files are held in the browser until 开始核验 sends them in one request. */
export function FileForm({ onDone }: { onDone: (batch: CheckBatch) => void }) {
  const { message } = App.useApp();
  const [files, setFiles] = useState<UploadFile[]>([]);
  const upload = useUploadCheck();
  const submit = async () => {
    try {
      onDone(await upload.mutateAsync(files.map((file) => file.originFileObj as File)));
      setFiles([]);
    } catch {
      // The HTTP client has shown why.
    }
  };
  return (
    <Flex vertical gap={16}>
      <Upload.Dragger
        multiple
        accept={ACCEPT}
        fileList={files}
        beforeUpload={() => false}
        onChange={({ fileList }) => {
          if (fileList.length > INVOICE_CHECK_LIMITS.maxFiles) message.warning(t('verification.upload.tooMany'));
          setFiles(fileList.slice(0, INVOICE_CHECK_LIMITS.maxFiles));
        }}
      >
        <p className="ant-upload-drag-icon">
          <InboxOutlined />
        </p>
        <p className="ant-upload-text">{t('verification.upload.title')}</p>
        <p className="ant-upload-hint">{t('verification.upload.hint')}</p>
      </Upload.Dragger>
      <Flex gap={8} wrap>
        <Button type="primary" disabled={files.length === 0} loading={upload.isPending} onClick={submit}>
          {t('verification.upload.submit', { count: files.length })}
        </Button>
        {files.length > 0 && <Button onClick={() => setFiles([])}>{t('verification.upload.clear')}</Button>}
        <Button icon={<DownloadOutlined />} onClick={() => verificationApi.template().catch(() => undefined)}>
          {t('verification.upload.template')}
        </Button>
      </Flex>
    </Flex>
  );
}
