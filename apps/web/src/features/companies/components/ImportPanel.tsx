import { DownloadOutlined, InboxOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, theme, Upload } from 'antd';
import { useEffect, useState } from 'react';
import { useRealtimeOpen } from '../../../lib/realtime';
import { t } from '../../../locales';
import { type ImportKind, importsApi } from '../api';
import { acceptedText, IMPORT_KINDS } from '../catalogs';
import { useUpload } from '../hooks/useUpload';
import { isBusy } from '../model/upload-machine';
import { companyKeys, FINISHED_IMPORT, importKeys, importStatusOptions } from '../queries';
import { ImportResult } from './ImportResult';
import { UploadError, UploadProgress } from './UploadProgress';

interface KindPickerProps {
  value: ImportKind;
  onChange: (kind: ImportKind) => void;
  disabled: boolean;
}

/** The three kinds of data, each with what file it expects. */
export function KindPicker({ value, onChange, disabled }: KindPickerProps) {
  const { token } = theme.useToken();
  return (
    <div className="tl-co-kinds" role="radiogroup" aria-label={t('companies.import.kindTitle')}>
      {IMPORT_KINDS.map((kind) => {
        const active = kind === value;
        return (
          // biome-ignore lint/a11y/useSemanticElements: a card-like radio with a title and a hint.
          <button
            key={kind}
            type="button"
            role="radio"
            aria-checked={active}
            disabled={disabled}
            className="tl-co-kind"
            onClick={() => onChange(kind)}
            data-testid={`kind-${kind}`}
            style={{
              borderColor: active ? token.colorPrimary : token.colorBorderSecondary,
              boxShadow: active ? `0 0 0 2px ${token.colorPrimaryBg}` : undefined,
              background: active ? token.colorPrimaryBg : token.colorBgContainer,
            }}
          >
            <span className="tl-co-kind-title" style={{ color: active ? token.colorPrimary : token.colorText }}>
              {t(`companies.import.kinds.${kind}`)}
            </span>
            <span className="tl-co-kind-hint" style={{ color: token.colorTextSecondary }}>
              {t(`companies.import.kindHints.${kind}`)}
            </span>
          </button>
        );
      })}
    </div>
  );
}

/**
 * 导入数据: choose the kind, drop a file, watch the upload (XMLHttpRequest progress) and then the
 * parsing (socket events refetch the import's status; without a socket it is polled every 2 s),
 * then the result with its error report.
 */
export function ImportPanel({ firmId }: { firmId: number }) {
  const [kind, setKind] = useState<ImportKind>('invoice');
  const queryClient = useQueryClient();
  const socketOpen = useRealtimeOpen();
  const { state, dispatch, dropzone } = useUpload({
    kind,
    send: (file, callbacks) => importsApi.upload(firmId, kind, file, callbacks),
    failedText: t('companies.import.uploadFailed'),
    onUploaded: () => void queryClient.invalidateQueries({ queryKey: importKeys.firm(firmId) }),
  });
  const importId = state.phase === 'parsing' ? state.importId : null;
  const status = useQuery(importStatusOptions(importId, socketOpen));

  useEffect(() => {
    if (status.data) dispatch({ type: 'status', info: status.data });
  }, [status.data, dispatch]);

  const finished = state.phase === 'finished' ? state.result : null;
  useEffect(() => {
    if (!finished || !FINISHED_IMPORT.has(finished.status)) return;
    void queryClient.invalidateQueries({ queryKey: importKeys.firm(firmId) });
    void queryClient.invalidateQueries({ queryKey: companyKeys.lists() });
  }, [finished, firmId, queryClient]);

  const downloadReport = (id: number) => void importsApi.problemReport(id).catch(() => undefined);
  const busy = isBusy(state);

  return (
    <Card data-testid="import-panel">
      <div className="tl-co-page-section">
        <KindPicker value={kind} onChange={setKind} disabled={busy} />
        {kind === 'return' && (
          <Alert
            type="info"
            showIcon
            title={t('companies.import.kindHints.return')}
            action={
              <Button
                size="small"
                icon={<DownloadOutlined />}
                onClick={() => void importsApi.returnTemplate().catch(() => undefined)}
              >
                {t('companies.import.downloadTemplate')}
              </Button>
            }
          />
        )}
        {state.phase === 'idle' && (
          <Upload.Dragger {...dropzone} data-testid="import-dropzone">
            <p className="ant-upload-drag-icon">
              <InboxOutlined />
            </p>
            <p className="ant-upload-text">{t('companies.import.dropTitle')}</p>
            <p className="ant-upload-hint">{t('companies.import.dropHint', { types: acceptedText(kind) })}</p>
          </Upload.Dragger>
        )}
        {busy && <UploadProgress state={state} />}
        <UploadError
          state={state}
          title={t('companies.import.uploadFailed')}
          onRetry={() => dispatch({ type: 'reset' })}
        />
        {finished && (
          <ImportResult
            result={finished}
            onDownloadReport={() => downloadReport(finished.importId)}
            actions={
              <Button type="primary" onClick={() => dispatch({ type: 'reset' })} data-testid="import-again">
                {t('companies.import.again')}
              </Button>
            }
          />
        )}
      </div>
    </Card>
  );
}
