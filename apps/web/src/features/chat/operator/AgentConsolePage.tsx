import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Badge, Empty, List, Segmented, Tabs, Tag, Typography } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { realtime } from '../../../lib/realtime';
import { getToken } from '../../../lib/session';
import { t } from '../../../locales';
import { ConsolePageFrame } from '../../operator/components/ConsolePageFrame';
import { currentOperator } from '../../operator/operator-session';
import '../chat.css';
import { AgentSettings } from './AgentSettings';
import { beep, useAgentTitle } from './agent-alert';
import { agentApi, type QueueFilter } from './agent-api';
import { ConversationPanel } from './ConversationPanel';

/** Polled as a fallback; the socket's CHAT_AGENT events refresh at once. */
const QUEUE_POLL_MS = 10_000;

/** Operator console 在线客服 (issue 17): the queue, one conversation, and the service settings. */
export function AgentConsolePage() {
  const client = useQueryClient();
  const me = currentOperator();
  const [filter, setFilter] = useState<QueueFilter>('open');
  const [selected, setSelected] = useState<number | null>(null);
  const queue = useQuery({
    queryKey: ['operator', 'chat', 'queue', filter],
    queryFn: () => agentApi.queue(filter),
    refetchInterval: QUEUE_POLL_MS,
  });
  const unread = queue.data?.unread ?? 0;
  const waiting = queue.data?.list.filter((item) => item.state === 'waiting').length ?? 0;
  useAgentTitle(unread + waiting);

  // The agent's socket: the console is not a group page, so it holds the connection itself.
  useEffect(() => {
    const token = getToken();
    if (!me || !token) return;
    const release = realtime.hold({ userId: me.userId, token });
    const unsubscribe = realtime.subscribe(
      'CHAT_AGENT',
      () => void client.invalidateQueries({ queryKey: ['operator', 'chat'] }),
    );
    return () => {
      unsubscribe();
      release();
    };
  }, [me, client]);

  // Sound on news: more waiting conversations or more unread messages than a moment ago.
  const previous = useRef(unread + waiting);
  useEffect(() => {
    if (unread + waiting > previous.current) beep();
    previous.current = unread + waiting;
  }, [unread, waiting]);

  const item = queue.data?.list.find((entry) => entry.id === selected) ?? null;
  return (
    <ConsolePageFrame title={t('chat.agent.title')}>
      <Tabs
        items={[
          {
            key: 'queue',
            label: (
              <Badge count={unread + waiting} size="small" offset={[8, 0]}>
                {t('chat.agent.queue')}
              </Badge>
            ),
            children: (
              <div className="tl-agent-layout">
                <div className="tl-agent-queue">
                  <Segmented
                    block
                    value={filter}
                    onChange={(value) => setFilter(value as QueueFilter)}
                    options={(['open', 'waiting', 'mine', 'closed'] as const).map((key) => ({
                      value: key,
                      label: t(`chat.agent.filters.${key}`),
                    }))}
                  />
                  <List
                    dataSource={queue.data?.list ?? []}
                    locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} /> }}
                    renderItem={(entry) => (
                      <List.Item
                        className={entry.id === selected ? 'tl-agent-item tl-agent-item-active' : 'tl-agent-item'}
                        onClick={() => setSelected(entry.id)}
                        data-testid="agent-queue-item"
                      >
                        <List.Item.Meta
                          title={
                            <span>
                              <Badge count={entry.unread} size="small" offset={[6, -2]}>
                                {entry.groupName}
                              </Badge>
                            </span>
                          }
                          description={
                            <>
                              <Tag color={entry.state === 'waiting' ? 'orange' : entry.mine ? 'blue' : 'default'}>
                                {t(`chat.state.${entry.state}`)}
                              </Tag>
                              <Typography.Text type="secondary" ellipsis style={{ maxWidth: 180 }}>
                                {entry.lastText ?? ''}
                              </Typography.Text>
                            </>
                          }
                        />
                      </List.Item>
                    )}
                  />
                </div>
                <div className="tl-agent-main">
                  {item && me ? (
                    <ConversationPanel key={item.id} item={item} meId={me.userId} />
                  ) : (
                    <Empty description={t('chat.agent.empty')} />
                  )}
                </div>
              </div>
            ),
          },
          { key: 'settings', label: t('chat.agent.hours'), children: <AgentSettings /> },
        ]}
      />
    </ConsolePageFrame>
  );
}
