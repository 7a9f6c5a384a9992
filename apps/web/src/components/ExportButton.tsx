import { DownloadOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { type ReactNode, useState } from 'react';

interface ExportButtonProps {
  /** Downloads the file; a failure has been shown by the HTTP client already. */
  onExport: () => Promise<unknown>;
  children: ReactNode;
  testId?: string;
}

/** A list's 导出 Excel button: busy while the file downloads, ready again whatever happened. */
export function ExportButton({ onExport, children, testId }: ExportButtonProps) {
  const [busy, setBusy] = useState(false);
  const run = async () => {
    setBusy(true);
    try {
      await onExport();
    } catch {
      // The HTTP client has shown why.
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button icon={<DownloadOutlined />} loading={busy} onClick={run} data-testid={testId}>
      {children}
    </Button>
  );
}
