import { formatDateTime } from '@taxlens/shared';
import { Button, Checkbox, Empty, Typography } from 'antd';
import { useNavigate } from 'react-router';
import { t } from '../../locales';
import { noticeView } from './notice-view';
import type { useNotices } from './queries';
import { useReadAllNotices, useReadNotice } from './queries';

interface NoticePanelProps {
  notices: ReturnType<typeof useNotices>;
  unreadOnly: boolean;
  setUnreadOnly: (value: boolean) => void;
  loadMore: () => void;
  close: () => void;
}

/**
 * The bell's list (issue 19), newest first, unread marked; opening one marks it read and goes to
 * the thing it is about. Its own chunk, loaded when the bell is about to open (issue 21).
 */
export function NoticePanel({ notices, unreadOnly, setUnreadOnly, loadMore, close }: NoticePanelProps) {
  const navigate = useNavigate();
  const readOne = useReadNotice();
  const readAll = useReadAllNotices();
  const data = notices.data;
  const unread = data?.unread ?? 0;
  return (
    <div className="tl-notices" data-testid="notice-panel">
      <div className="tl-notices-head">
        <Typography.Text strong>{t('staff.notices.title')}</Typography.Text>
        <Checkbox
          className="tl-notices-filter"
          checked={unreadOnly}
          onChange={(event) => setUnreadOnly(event.target.checked)}
          data-testid="notice-unread-only"
        >
          {t('staff.notices.unreadOnly')}
        </Checkbox>
        <Button
          type="link"
          size="small"
          disabled={unread === 0}
          loading={readAll.isPending}
          onClick={() => readAll.mutate()}
          data-testid="notice-read-all"
        >
          {t('staff.notices.readAll')}
        </Button>
      </div>
      {data && data.list.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('staff.notices.empty')} />
      ) : (
        <ul className="tl-notices-list">
          {(data?.list ?? []).map((notice) => {
            const view = noticeView(notice);
            return (
              <li key={notice.id}>
                <button
                  type="button"
                  className={`tl-bell-item is-${view.tone}${notice.read ? '' : ' is-unread'}`}
                  data-testid="notice-item"
                  data-read={notice.read ? '1' : '0'}
                  onClick={() => {
                    if (!notice.read) readOne.mutate(notice.id);
                    if (view.path) {
                      close();
                      navigate(view.path);
                    }
                  }}
                >
                  <span className="tl-notice-dot" aria-hidden />
                  <span className="tl-notice-body">
                    <span className="tl-notice-text">{view.text}</span>
                    <span className="tl-notice-time">{formatDateTime(notice.createTime)}</span>
                  </span>
                </button>
              </li>
            );
          })}
        </ul>
      )}
      {data && data.total > data.list.length && (
        <Button block type="text" onClick={loadMore} loading={notices.isFetching}>
          {t('staff.notices.loadMore')}
        </Button>
      )}
    </div>
  );
}
