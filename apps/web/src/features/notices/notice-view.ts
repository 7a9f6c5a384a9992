import { NOTICE_TYPES, type Notice, reportKindByReportType } from '@taxlens/shared';
import { t } from '../../locales';
import { firmPath } from '../companies/firm-path';
import { canViewReport } from '../reports/lib/report-views';
import { reportPreviewPath } from '../reports/notifications/socket-messages';

/** What one stored notification says and where it leads (null: nowhere to open). */
export interface NoticeView {
  text: string;
  tone: 'success' | 'error' | 'info';
  path: string | null;
}

const ALL_REPORTS_PATH = '/all-history';

/**
 * The sentence and the link of a stored notification, from its msgType and msg (spec §3): a
 * generated report opens its preview, a failed one the all-reports list, a client's fill-in or
 * upload the company's page.
 */
export function noticeView(notice: Notice): NoticeView {
  const { msg } = notice;
  const name = msg.taxpayerName ?? '';
  if (notice.msgType === NOTICE_TYPES.clientUpload) {
    const uploaded = msg.status === 'uploaded';
    return {
      text: uploaded
        ? t('staff.notices.clientUploaded', { name, file: msg.fileName ?? '' })
        : t('staff.notices.clientBound', { name }),
      tone: 'info',
      path: msg.firmId ? firmPath(msg.firmId) : null,
    };
  }
  const kind = reportKindByReportType(notice.msgType);
  if (kind) {
    const report = msg.reportName ?? kind.name;
    if (msg.status === 'failed') {
      return { text: t('staff.notices.reportFailed', { name, report }), tone: 'error', path: ALL_REPORTS_PATH };
    }
    const viewable = msg.id !== null && canViewReport(notice.msgType);
    return {
      text: t('staff.notices.reportDone', { name, report }),
      tone: 'success',
      path: viewable && msg.id !== null ? reportPreviewPath(notice.msgType, msg.id) : ALL_REPORTS_PATH,
    };
  }
  return { text: t('staff.notices.other', { name }), tone: 'info', path: null };
}
