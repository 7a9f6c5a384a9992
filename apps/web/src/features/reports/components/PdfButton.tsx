import { FilePdfOutlined } from '@ant-design/icons';
import { App, Button, type ButtonProps } from 'antd';
import { useState } from 'react';
import { saveBlob } from '../../../lib/download';
import { isApiError } from '../../../lib/http';
import { t } from '../../../locales';
import { fetchReportPdf } from '../lib/pdf-download';

interface PdfButtonProps {
  reportId: number;
  type?: ButtonProps['type'];
  size?: ButtonProps['size'];
  label?: string;
}

/**
 * 导出PDF: downloads GET /api/ReportPool/pdf as a file. The first export of a report prints it
 * in the server's Chromium (several seconds), so the button spins and a loading toast explains.
 */
export function PdfButton({ reportId, type = 'primary', size, label }: PdfButtonProps) {
  const { message } = App.useApp();
  const [busy, setBusy] = useState(false);
  const key = `pdf-${reportId}`;

  const download = async () => {
    setBusy(true);
    void message.loading({
      key,
      content: `${t('reports.preview.exporting')}（${t('reports.preview.exportHint')}）`,
      duration: 0,
    });
    try {
      const { blob, fileName } = await fetchReportPdf(reportId);
      saveBlob(blob, fileName);
      void message.success({ key, content: t('reports.preview.exported'), duration: 2 });
    } catch (error) {
      if (isApiError(error) && error.kind === 'aborted') message.destroy(key);
      else void message.error({ key, content: isApiError(error) ? error.msg : t('errors.requestFailed'), duration: 3 });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Button
      type={type}
      size={size}
      icon={<FilePdfOutlined />}
      loading={busy}
      onClick={() => void download()}
      data-testid={`pdf-${reportId}`}
    >
      {label ?? t('reports.preview.exportPdf')}
    </Button>
  );
}
