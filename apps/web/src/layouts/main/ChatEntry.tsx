import { CustomerServiceOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { lazy, Suspense } from 'react';
import { setChatOpen, useLayoutState } from '../../app/layout-state';
import { LightCount } from '../../components/LightBadge';
import { useChatUnread, useTitleBlink } from '../../features/chat/chat-state';
import { t } from '../../locales';

const ChatDialog = lazy(() =>
  import('../../features/chat/components/ChatDialog').then((module) => ({ default: module.ChatDialog })),
);

/**
 * The customer-service entry of the main layout (issue 17): the floating button with the unread
 * count (polled 5 s while open, 60 s while closed), the title blink, and the chat dialog.
 */
export function ChatEntry() {
  const { chatOpen } = useLayoutState();
  const unread = useChatUnread(chatOpen);
  useTitleBlink(unread ?? 0);
  return (
    <>
      {chatOpen && (
        <Suspense fallback={null}>
          <ChatDialog unread={unread} />
        </Suspense>
      )}
      <Button
        className="tl-chat-button"
        type="primary"
        shape="circle"
        size="large"
        icon={
          <LightCount count={chatOpen ? 0 : (unread ?? 0)} size="small" overflowCount={99} data-testid="chat-unread">
            <CustomerServiceOutlined style={{ color: '#fff', fontSize: 22 }} />
          </LightCount>
        }
        aria-label={t('layout.chat.entry')}
        title={t('layout.chat.entry')}
        onClick={() => setChatOpen(!chatOpen)}
        data-testid="chat-entry"
      />
    </>
  );
}
