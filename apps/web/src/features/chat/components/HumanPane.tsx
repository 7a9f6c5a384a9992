import { useQuery } from '@tanstack/react-query';
import type { ChatRecord } from '@taxlens/shared';
import { App, Avatar, Spin, Typography } from 'antd';
import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { queryClient } from '../../../app/query-client';
import { isApiError } from '../../../lib/http';
import { useRealtimeEvent } from '../../../lib/realtime';
import { t } from '../../../locales';
import { chatApi } from '../api';
import { shouldLoadOlder, showTimestamp } from '../chat-rules';
import { chatKeys } from '../chat-state';
import { ChatBubble } from './ChatBubble';
import { Composer } from './Composer';

/** Merges pages and live messages by id, oldest first. */
function merge(current: ChatRecord[], incoming: ChatRecord[]): ChatRecord[] {
  const byId = new Map(current.map((record) => [record.id, record]));
  for (const record of incoming) byId.set(record.id, record);
  return [...byId.values()].sort((a, b) => (a.id < 0 ? 1 : b.id < 0 ? -1 : a.id - b.id));
}

const timeText = (iso: string) => new Date(iso).toLocaleString('zh-CN', { hour12: false });

/**
 * The human tab of spec §2/§4: reset and page 0 on open (which clears unread), older pages of 6
 * within 30 px of the top, live messages from the socket and the unread poll, optimistic sends.
 */
export function HumanPane({ unread, me }: { unread: number; me: { userId: number; level: number; phone: string } }) {
  const { message } = App.useApp();
  const [records, setRecords] = useState<ChatRecord[]>([]);
  const [total, setTotal] = useState(0);
  const [page, setPage] = useState(0);
  const [busy, setBusy] = useState(true);
  const listRef = useRef<HTMLDivElement>(null);
  const keepFromBottom = useRef<number | null>(0);
  const members = useQuery({ queryKey: chatKeys.members, queryFn: chatApi.members });
  const hours = useQuery({ queryKey: chatKeys.hours, queryFn: chatApi.hours });

  const refreshNewest = useCallback(async () => {
    const answer = await chatApi.records(0);
    keepFromBottom.current = 0;
    setRecords((current) => merge(current, answer.chatRecords));
    setTotal(answer.totalElements);
    void queryClient.invalidateQueries({ queryKey: chatKeys.unread });
  }, []);

  useEffect(() => {
    setRecords([]);
    setPage(0);
    setBusy(true);
    refreshNewest().finally(() => setBusy(false));
  }, [refreshNewest]);

  useRealtimeEvent('CHAT', () => void refreshNewest());
  useEffect(() => {
    if (unread > 0) void refreshNewest();
  }, [unread, refreshNewest]);

  // Keep the reader's place: new pages above keep the distance from the bottom.
  useLayoutEffect(() => {
    const list = listRef.current;
    if (!list || keepFromBottom.current === null || records.length === 0) return;
    list.scrollTop = list.scrollHeight - list.clientHeight - keepFromBottom.current;
    keepFromBottom.current = null;
  }, [records]);

  const onScroll = async () => {
    const list = listRef.current;
    if (!list || !shouldLoadOlder(list.scrollTop, records.filter((r) => r.id > 0).length, total, busy)) return;
    setBusy(true);
    try {
      const answer = await chatApi.records(page + 1);
      keepFromBottom.current = list.scrollHeight - list.clientHeight - list.scrollTop;
      setRecords((current) => merge(current, answer.chatRecords));
      setTotal(answer.totalElements);
      setPage(page + 1);
    } finally {
      setBusy(false);
    }
  };

  /** Spec §4: appended at once, removed if the send fails. */
  const sendRecord = async (draft: {
    msgType: number;
    msgContent: string;
    countentExtend: { fileName: string; fileSize: number } | null;
  }) => {
    const temp: ChatRecord = {
      id: -Date.now(),
      createTime: new Date().toISOString(),
      userPhone: me.phone,
      sendIdentity: me.level,
      isOneself: 1,
      author: 'customer',
      channel: 'human',
      sources: null,
      ...draft,
    };
    keepFromBottom.current = 0;
    setRecords((current) => [...current, temp]);
    try {
      const sent = await chatApi.send({
        msgType: draft.msgType,
        msgContent: draft.msgContent,
        countentExtend: draft.countentExtend ? JSON.stringify(draft.countentExtend) : null,
      });
      setRecords((current) =>
        merge(
          current.filter((record) => record.id !== temp.id),
          [sent],
        ),
      );
      setTotal((value) => value + 1);
    } catch (error) {
      setRecords((current) => current.filter((record) => record.id !== temp.id));
      void message.error(isApiError(error) ? error.msg : (error as Error).message);
    }
  };

  return (
    <div className="tl-chat-human" data-testid="human-pane">
      <div className="tl-chat-main">
        <Typography.Text type="secondary" className="tl-chat-mode" data-testid="chat-hours">
          {hours.data
            ? hours.data.openNow
              ? t('chat.hours', { text: hours.data.text })
              : `${t('chat.hours', { text: hours.data.text })}；${t('chat.hoursClosed', { next: hours.data.nextOpening ?? '' })}`
            : ''}
        </Typography.Text>
        <div className="tl-chat-list" ref={listRef} onScroll={onScroll} data-testid="chat-list">
          {busy && <Spin size="small" className="tl-chat-more" />}
          {!busy && records.length > 0 && records.filter((r) => r.id > 0).length >= total && (
            <Typography.Text type="secondary" className="tl-chat-more">
              {t('chat.noMore')}
            </Typography.Text>
          )}
          {records.map((record, index) => (
            <div key={record.id}>
              {showTimestamp(records[index - 1]?.createTime, record.createTime) && (
                <div className="tl-chat-time" data-testid="chat-time">
                  {timeText(record.createTime)}
                </div>
              )}
              <ChatBubble record={record} pending={record.id < 0} />
            </div>
          ))}
        </div>
        <Composer
          onText={(text) => void sendRecord({ msgType: 0, msgContent: text, countentExtend: null })}
          upload={chatApi.upload}
          onFile={(kind, url, extend) => void sendRecord({ msgType: kind, msgContent: url, countentExtend: extend })}
        />
      </div>
      <aside className="tl-chat-members" data-testid="chat-members">
        <Typography.Text strong>{t('chat.members')}</Typography.Text>
        {(members.data ?? []).map((member) => (
          <div key={member.phone} className="tl-chat-member">
            <Avatar size="small">{(member.nickName ?? member.levelName).slice(0, 1)}</Avatar>
            <span>
              {member.nickName ?? member.phone.slice(-4)}{' '}
              <Typography.Text type="secondary">{member.levelName}</Typography.Text>
            </span>
          </div>
        ))}
      </aside>
    </div>
  );
}
