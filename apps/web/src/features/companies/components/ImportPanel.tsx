import { DownloadOutlined, InboxOutlined, ReloadOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Card, theme, Upload } from 'antd';
import { useEffect, useReducer, useRef, useState } from 'react';
import { isApiError } from '../../../lib/http';
import { useRealtimeOpen } from '../../../lib/realtime';
import { t } from '../../../locales';
import { type ImportKind, importsApi } from '../api';
import { ACCEPTED_TYPES, acceptedText, fileProblemText, IMPORT_KINDS } from '../catalogs';
import { checkFile, INITIAL_UPLOAD, isBusy, uploadReducer } from '../model/upload-machine';
import { companyKeys, FINISHED_IMPORT, importKeys, importStatusOptions } from '../queries';
import { ImportResult } from './ImportResult';
import { UploadProgress } from './UploadProgress';

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
  const [state, dispatch] = useReducer(uploadReducer, INITIAL_UPLOAD);
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const socketOpen = useRealtimeOpen();
  const abortRef = useRef<AbortController | null>(null);
  const importId = state.phase === 'parsing' ? state.importId : null;
  const status = useQuery(importStatusOptions(importId, socketOpen));

  useEffect(() => {
    if (status.data) dispatch({ type: 'status', info: status.data });
  }, [status.data]);

  // Leaving the page cancels an upload still sending.
  useEffect(() => () => abortRef.current?.abort(), []);

  const finished = state.phase === 'finished' ? state.result : null;
  useEffect(() => {
    if (!finished || !FINISHED_IMPORT.has(finished.status)) return;
    void queryClient.invalidateQueries({ queryKey: importKeys.firm(firmId) });
    void queryClient.invalidateQueries({ queryKey: companyKeys.lists() });
  }, [finished, firmId, queryClient]);

  const start = async (file: File) => {
    const problem = fileProblemText(checkFile(file, ACCEPTED_TYPES[kind]), kind);
    if (problem) {
      message.error(problem);
      return;
    }
    if (isBusy(state)) {
      message.warning(t('companies.import.busy'));
      return;
    }
    const controller = new AbortController();
    abortRef.current = controller;
    dispatch({ type: 'start', fileName: file.name, size: file.size });
    try {
      const info = await importsApi.upload(firmId, kind, file, {
        signal: controller.signal,
        onProgress: (loaded, total) => {
          dispatch({ type: 'upload-progress', loaded, total });
          if (total > 0 && loaded >= total) dispatch({ type: 'sent' });
        },
      });
      dispatch({ type: 'uploaded', info });
      void queryClient.invalidateQueries({ queryKey: importKeys.firm(firmId) });
    } catch (error) {
      if (isApiError(error) && error.kind === 'aborted') return;
      dispatch({ type: 'fail', message: isApiError(error) ? error.msg : t('companies.import.uploadFailed') });
    } finally {
      abortRef.current = null;
    }
  };

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
          <Upload.Dragger
            accept={ACCEPTED_TYPES[kind].join(',')}
            multiple={false}
            showUploadList={false}
            beforeUpload={(file) => {
              void start(file);
              return Upload.LIST_IGNORE;
            }}
            data-testid="import-dropzone"
          >
            <p className="ant-upload-drag-icon">
              <InboxOutlined />
            </p>
            <p className="ant-upload-text">{t('companies.import.dropTitle')}</p>
            <p className="ant-upload-hint">{t('companies.import.dropHint', { types: acceptedText(kind) })}</p>
          </Upload.Dragger>
        )}
        {busy && <UploadProgress state={state} />}
        {state.phase === 'error' && (
          <Alert
            type="error"
            showIcon
            title={t('companies.import.uploadFailed')}
            description={`${state.fileName}：${state.message}`}
            data-testid="upload-error"
            action={
              <Button icon={<ReloadOutlined />} onClick={() => dispatch({ type: 'reset' })}>
                {t('companies.import.retry')}
              </Button>
            }
          />
        )}
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
