import { BellOutlined } from '@ant-design/icons';
import { lazy, Suspense, useState } from 'react';
import { LazyPopover } from '../../components/LazyPopup';
import { LightCount } from '../../components/LightBadge';
import { t } from '../../locales';
import { useNoticeRefresh, useNotices } from './queries';
import './notice-bell.css';

// The list's code loads when the pointer or the focus reaches the bell (issue 21).
const loadPanel = () => import('./NoticePanel');
const NoticePanel = lazy(() => loadPanel().then((module) => ({ default: module.NoticePanel })));

const PAGE = 10;

/**
 * The header's notification bell (issue 19): the unread count of the stored news of reports and
 * 客户上传链接, and their list (NoticePanel) when opened.
 */
export function NoticeBell() {
  const [open, setOpen] = useState(false);
  const [unreadOnly, setUnreadOnly] = useState(false);
  const [size, setSize] = useState(PAGE);
  useNoticeRefresh();
  const notices = useNotices(unreadOnly ? 1 : 0, size);
  const unread = notices.data?.unread ?? 0;

  const panel = (
    // Until the list's code is in (usually fetched on hover), an empty box of the list's width.
    <Suspense fallback={<div className="tl-notices" data-testid="notice-panel-loading" />}>
      <NoticePanel
        notices={notices}
        unreadOnly={unreadOnly}
        setUnreadOnly={setUnreadOnly}
        loadMore={() => setSize((current) => current + PAGE)}
        close={() => setOpen(false)}
      />
    </Suspense>
  );

  return (
    <LazyPopover
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
        onPointerEnter={() => void loadPanel()}
        onFocus={() => void loadPanel()}
      >
        <LightCount count={unread} overflowCount={99} size="small" data-testid="notice-badge">
          <BellOutlined />
        </LightCount>
        <span className="tl-header-action-label">{t('staff.notices.title')}</span>
      </button>
    </LazyPopover>
  );
}
