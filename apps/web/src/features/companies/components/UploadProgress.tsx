import { ReloadOutlined } from '@ant-design/icons';
import { Alert, Button, Progress, Steps, Typography } from 'antd';
import { t } from '../../../locales';
import '../companies.css';
import { describeUpload, formatBytes, type UploadState } from '../model/upload-machine';

/** Steps 上传文件 → 解析数据 → 完成 with the percentage of the running step. */
export function UploadProgress({ state, compact = false }: { state: UploadState; compact?: boolean }) {
  const view = describeUpload(state);
  let text = '';
  if (state.phase === 'uploading') {
    text = t('companies.import.uploading', { loaded: formatBytes(state.loaded), total: formatBytes(state.total) });
  } else if (state.phase === 'parsing') {
    if (state.importId === null) text = t('companies.import.parsingWaiting');
    else if (state.status === 'queued') text = t('companies.import.queued');
    else text = t('companies.import.parsing', { progress: state.progress });
  }
  return (
    <div className="tl-co-progress" data-testid="upload-progress" data-phase={state.phase}>
      <Steps
        size="small"
        current={view.step}
        status={view.stepStatus === 'finish' ? 'finish' : view.stepStatus}
        responsive={false}
        titlePlacement={compact ? 'vertical' : 'horizontal'}
        items={[
          { title: t('companies.import.stepUpload') },
          { title: t('companies.import.stepParse') },
          { title: t('companies.import.stepDone') },
        ]}
      />
      <div>
        <Typography.Text strong ellipsis className="tl-co-progress-file">
          {'fileName' in state ? state.fileName : ''}
        </Typography.Text>
        <Progress
          percent={view.percent ?? 100}
          status={view.percent === null || state.phase === 'parsing' ? 'active' : 'normal'}
          showInfo={view.percent !== null}
          data-testid="upload-percent"
        />
        <Typography.Text type="secondary" data-testid="upload-text">
          {text}
        </Typography.Text>
      </div>
    </div>
  );
}

/** A failed upload: the file and why, and 重新上传 back to the drop zone. Nothing in other phases. */
export function UploadError({ state, title, onRetry }: { state: UploadState; title: string; onRetry: () => void }) {
  if (state.phase !== 'error') return null;
  return (
    <Alert
      type="error"
      showIcon
      title={title}
      description={`${state.fileName}：${state.message}`}
      data-testid="upload-error"
      action={
        <Button icon={<ReloadOutlined />} onClick={onRetry}>
          {t('companies.import.retry')}
        </Button>
      }
    />
  );
}
