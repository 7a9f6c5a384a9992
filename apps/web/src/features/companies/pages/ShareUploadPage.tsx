import { CloudUploadOutlined, DownloadOutlined, EditOutlined } from '@ant-design/icons';
import { ERRORS } from '@taxlens/shared';
import { Alert, Button, Segmented, theme, Upload } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { isApiError } from '../../../lib/http';
import { t } from '../../../locales';
import { type ImportKind, shareApi } from '../api';
import { acceptedText, IMPORT_KINDS } from '../catalogs';
import { ImportResult } from '../components/ImportResult';
import { ShareLinkGate, type ValidShareLink } from '../components/ShareLinkGate';
import { ShareCard, SharePageFrame } from '../components/SharePageFrame';
import { UploadError, UploadProgress } from '../components/UploadProgress';
import { useUpload } from '../hooks/useUpload';
import { isBusy } from '../model/upload-machine';

function HowToExport() {
  return (
    <ShareCard title={t('companies.public.howTitle')}>
      <ol className="tl-share-how">
        <li>{t('companies.public.howSteps.one')}</li>
        <li>{t('companies.public.howSteps.two')}</li>
        <li>{t('companies.public.howSteps.three')}</li>
      </ol>
    </ShareCard>
  );
}

function Uploader({ token, info, refresh }: ValidShareLink) {
  const navigate = useNavigate();
  const { token: colors } = theme.useToken();
  const [kind, setKind] = useState<ImportKind>('invoice');
  const { state, dispatch, dropzone } = useUpload({
    kind,
    send: (file, callbacks) => shareApi.upload(token, kind, file, callbacks),
    failedText: t('companies.public.uploadFailed'),
    onFailed: (error) => {
      // Reading the link again shows the gate's explanation instead of this page.
      if (isApiError(error) && error.code === ERRORS.LINK_EXPIRED.code) refresh();
    },
  });
  const bindPath = `/share/bind?token=${encodeURIComponent(token)}`;

  if (info.state === 'pending' || !info.company) {
    return (
      <SharePageFrame
        groupName={info.groupName}
        step={0}
        lead={t('companies.public.bindLead')}
        testId="share-upload-page"
      >
        <ShareCard>
          <div className="tl-share-state">
            <Alert type="info" showIcon title={t('companies.public.needBind')} />
            <Button type="primary" size="large" block onClick={() => navigate(bindPath)}>
              {t('companies.public.goBind')}
            </Button>
          </div>
        </ShareCard>
      </SharePageFrame>
    );
  }

  const finished = state.phase === 'finished' ? state.result : null;
  const step = finished?.status === 'done' ? 2 : 1;
  return (
    <SharePageFrame
      groupName={info.groupName}
      step={step}
      lead={t('companies.public.uploadLead')}
      testId="share-upload-page"
    >
      <ShareCard title={t('companies.public.stepUpload')}>
        <div className="tl-share-company" style={{ background: colors.colorPrimaryBg }} data-testid="share-company">
          <span style={{ color: colors.colorTextSecondary }}>{t('companies.public.companyCard')}</span>
          <strong>{info.company.taxpayerName}</strong>
          <span className="tl-share-mono">{info.company.taxNo}</span>
          <Button
            type="link"
            size="small"
            icon={<EditOutlined />}
            onClick={() => navigate(bindPath)}
            className="tl-share-edit"
            disabled={isBusy(state)}
          >
            {t('companies.public.editInfo')}
          </Button>
        </div>
        {state.phase === 'idle' && (
          <div className="tl-share-upload">
            <Segmented<ImportKind>
              block
              value={kind}
              onChange={setKind}
              options={IMPORT_KINDS.map((value) => ({ value, label: t(`companies.import.kinds.${value}`) }))}
              aria-label={t('companies.public.uploadKind')}
            />
            <Upload.Dragger {...dropzone} className="tl-share-drop" data-testid="share-dropzone">
              <p className="ant-upload-drag-icon">
                <CloudUploadOutlined className="tl-share-drop-icon" />
              </p>
              <p className="ant-upload-text">{t('companies.public.tapToChoose')}</p>
              <p className="ant-upload-hint">
                {t(`companies.import.kindHints.${kind}`)}
                <br />
                {t('companies.public.fileLimit', { types: acceptedText(kind) })}
              </p>
            </Upload.Dragger>
            {kind === 'return' && (
              <a href={shareApi.returnTemplateUrl(token)} download data-testid="share-return-template">
                <DownloadOutlined /> {t('companies.public.returnTemplate')}
              </a>
            )}
          </div>
        )}
        {isBusy(state) && <UploadProgress state={state} compact />}
        <UploadError
          state={state}
          title={t('companies.public.uploadFailed')}
          onRetry={() => dispatch({ type: 'reset' })}
        />
        {finished && (
          <>
            <ImportResult
              result={finished}
              title={
                finished.status === 'done'
                  ? t('companies.public.uploadSuccess')
                  : finished.status === 'rejected'
                    ? t('companies.public.uploadRejected')
                    : t('companies.public.uploadFailed')
              }
              reportHref={finished.hasProblemReport ? shareApi.problemReportUrl(token, finished.importId) : undefined}
              actions={
                <Button type="primary" onClick={() => dispatch({ type: 'reset' })} data-testid="share-upload-again">
                  {t('companies.public.uploadAnother')}
                </Button>
              }
            />
            {finished.status === 'rejected' && (
              <Alert type="warning" showIcon title={t('companies.public.rejectedHint')} />
            )}
          </>
        )}
      </ShareCard>
      <HowToExport />
    </SharePageFrame>
  );
}

/** /share/upload?token= 上传数据: the client uploads its e-tax exports and sees the result. */
export function ShareUploadPage() {
  return <ShareLinkGate testId="share-upload-page">{(link) => <Uploader {...link} />}</ShareLinkGate>;
}
