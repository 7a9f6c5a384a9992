import { BellOutlined } from '@ant-design/icons';
import { formatDateTime } from '@taxlens/shared';
import { Badge, Button, Checkbox, Empty, Popover, Typography } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { t } from '../../locales';
import { noticeView } from './notice-view';
import { useNoticeRefresh, useNotices, useReadAllNotices, useReadNotice } from './queries';
import './notice-bell.css';

const PAGE = 10;

/**
 * The header's notification list (issue 19): the stored news of reports and 客户上传链接, newest
 * first, unread marked; opening one marks it read and goes to the thing it is about.
 */
export function NoticeBell() {
  const [open, setOpen] = useState(false);
  const [unreadOnly, setUnreadOnly] = useState(false);
  const [size, setSize] = useState(PAGE);
  const navigate = useNavigate();
  useNoticeRefresh();
  const notices = useNotices(unreadOnly ? 1 : 0, size);
  const readOne = useReadNotice();
  const readAll = useReadAllNotices();
  const data = notices.data;
  const unread = data?.unread ?? 0;

  const panel = (
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
                      setOpen(false);
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
        <Button block type="text" onClick={() => setSize((current) => current + PAGE)} loading={notices.isFetching}>
          {t('staff.notices.loadMore')}
        </Button>
      )}
    </div>
  );

  return (
    <Popover
      trigger="click"
      placement="bottomRight"
      open={open}
      onOpenChange={setOpen}
      content={panel}
      arrow={false}
      // On a phone the bell is not at the screen's edge: shift the panel inside rather than off it.
      align={{ overflow: { adjustX: true, adjustY: true, shiftX: 12 } }}
      classNames={{ root: 'tl-notices-popover' }}
    >
      <button
        type="button"
        className="tl-header-action tl-header-bell"
        data-header-entry="notices"
        aria-label={t('staff.notices.title')}
        data-testid="notice-bell"
      >
        <Badge count={unread} overflowCount={99} size="small" data-testid="notice-badge">
          <BellOutlined />
        </Badge>
        <span className="tl-header-action-label">{t('staff.notices.title')}</span>
      </button>
    </Popover>
  );
}
