import type { ChatRecord } from '@taxlens/shared';
import { Alert, Button, Input, Spin, Typography } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { isApiError } from '../../../lib/http';
import { t } from '../../../locales';
import { type AssistantInfo, chatApi } from '../api';
import { ChatBubble } from './ChatBubble';

interface AssistantPaneProps {
  /** The conversation went to a human (转人工 or a hand-over): the dialog shows the human tab. */
  onHandover: () => void;
}

/**
 * The AI tab: our own assistant page in place of the spec's embedded external page, so its 20 s
 * load time-out applies to loading it (the assistant call itself carries the time-out).
 */
export function AssistantPane({ onHandover }: AssistantPaneProps) {
  const [info, setInfo] = useState<AssistantInfo | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  const [lines, setLines] = useState<ChatRecord[]>([]);
  const [question, setQuestion] = useState('');
  const [asking, setAsking] = useState(false);
  const listRef = useRef<HTMLDivElement>(null);

  const load = () => {
    setFailed(null);
    setInfo(null);
    chatApi
      .assistant()
      .then((answer) => {
        setInfo(answer);
        setLines(answer.history);
      })
      .catch((error) =>
        setFailed(
          isApiError(error) && error.kind === 'timeout' ? t('chat.assistantTimeout') : (error as Error).message,
        ),
      );
  };
  useEffect(load, []);
  // Each new line scrolls the list to the bottom.
  useEffect(() => {
    if (lines.length > 0) listRef.current?.scrollTo({ top: listRef.current.scrollHeight });
  }, [lines]);

  const ask = async () => {
    const text = question.trim();
    if (!text || asking) return;
    setAsking(true);
    try {
      const answer = await chatApi.ask(text);
      setQuestion('');
      if (answer.outcome === 'human') {
        onHandover();
        return;
      }
      setLines((previous) => [...previous, answer.question, ...(answer.reply ? [answer.reply] : [])]);
      if (answer.outcome === 'handover') onHandover();
    } finally {
      setAsking(false);
    }
  };

  const toHuman = async () => {
    await chatApi.toHuman();
    onHandover();
  };

  if (failed)
    return (
      <div className="tl-chat-pane" data-testid="assistant-failed">
        <Alert
          type="warning"
          showIcon
          message={failed}
          action={
            <Button size="small" onClick={load}>
              {t('chat.retry')}
            </Button>
          }
        />
      </div>
    );
  if (!info)
    return (
      <div className="tl-chat-pane tl-chat-center">
        <Spin tip={t('chat.assistantLoading')}>
          <div style={{ width: 120, height: 60 }} />
        </Spin>
      </div>
    );
  return (
    <div className="tl-chat-pane" data-testid="assistant-pane">
      <Typography.Text type="secondary" className="tl-chat-mode" data-testid="assistant-mode">
        {info.mode === 'llm' ? t('chat.modeLlm', { model: info.model ?? '' }) : t('chat.modeRetrieval')}
      </Typography.Text>
      <Typography.Text type="secondary" className="tl-chat-mode">
        {t('chat.hours', { text: info.serviceHours.text })}
        {info.serviceHours.openNow ? '' : `；${t('chat.hoursClosed', { next: info.serviceHours.nextOpening ?? '' })}`}
      </Typography.Text>
      <div className="tl-chat-list" ref={listRef}>
        <div className="tl-chat-line">
          <div className="tl-chat-bubble">{t('chat.welcome')}</div>
        </div>
        {lines.map((record) => (
          <ChatBubble key={record.id} record={record} />
        ))}
      </div>
      <div className="tl-chat-ask">
        <Input.Search
          value={question}
          maxLength={500}
          placeholder={t('chat.askPlaceholder')}
          enterButton={t('chat.ask')}
          loading={asking}
          onChange={(event) => setQuestion(event.target.value)}
          onSearch={ask}
          data-testid="assistant-input"
        />
        <Button onClick={toHuman} data-testid="chat-to-human">
          {t('chat.toHuman')}
        </Button>
      </div>
    </div>
  );
}
