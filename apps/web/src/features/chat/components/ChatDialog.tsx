import { CloseOutlined } from '@ant-design/icons';
import { Badge, Button, Card, Spin, Tabs } from 'antd';
import { useEffect, useState } from 'react';
import { setChatOpen } from '../../../app/layout-state';
import { useStore } from '../../../lib/store';
import { t } from '../../../locales';
import { useSessionUser } from '../../auth/queries';
import { initialTab } from '../chat-rules';
import { chatRequest } from '../chat-state';
import { AssistantPane } from './AssistantPane';
import { HumanPane } from './HumanPane';
import '../chat.css';

/** Spec §2 customer-service dialog: the AI tab (our assistant) and the human tab. */
export function ChatDialog({ unread }: { unread: number | undefined }) {
  const user = useSessionUser();
  const { noAI } = useStore(chatRequest);
  const [tab, setTab] = useState<'ai' | 'human' | null>(null);
  // Spec §4: the first tab is chosen once the unread count is known (or noAI asks for the human tab).
  useEffect(() => {
    if (noAI) {
      setTab('human');
      chatRequest.set({ noAI: false });
    } else if (unread !== undefined) setTab((current) => current ?? initialTab(unread, false));
  }, [noAI, unread]);
  if (!user) return null;
  const me = { userId: user.userId, level: user.level, phone: user.phone };
  return (
    <Card
      className="tl-chat-card"
      size="small"
      title={t('chat.title')}
      extra={
        <Button
          type="text"
          size="small"
          icon={<CloseOutlined />}
          aria-label={t('common.cancel')}
          onClick={() => setChatOpen(false)}
        />
      }
      data-testid="chat-card"
    >
      {tab === null ? (
        <Spin className="tl-chat-more" />
      ) : (
        <Tabs
          activeKey={tab}
          onChange={(key) => setTab(key as 'ai' | 'human')}
          destroyOnHidden
          items={[
            { key: 'ai', label: t('chat.aiTab'), children: <AssistantPane onHandover={() => setTab('human')} /> },
            {
              key: 'human',
              label: (
                <Badge count={tab === 'human' ? 0 : (unread ?? 0)} size="small" offset={[8, 0]}>
                  <span data-testid="chat-human-tab">{t('chat.humanTab')}</span>
                </Badge>
              ),
              // Mounted afresh each time the tab opens: spec §4 resets the list and loads page 0.
              children: <HumanPane unread={unread ?? 0} me={me} />,
            },
          ]}
        />
      )}
    </Card>
  );
}
