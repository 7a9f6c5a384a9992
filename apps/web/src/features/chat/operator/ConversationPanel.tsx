import { BookOutlined, MessageOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Descriptions, Dropdown, Empty, Form, Modal, Popconfirm, Select, Space, Tag } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { isApiError } from '../../../lib/http';
import { t } from '../../../locales';
import { showTimestamp } from '../chat-rules';
import { ChatBubble } from '../components/ChatBubble';
import { Composer } from '../components/Composer';
import { agentApi, agentFileUrl, type QueueItem } from './agent-api';
import { KnowledgeFields } from './KnowledgeFields';

const timeText = (iso: string) => new Date(iso).toLocaleString('zh-CN', { hour12: false });

/** One conversation on the agent console: who the customer is, the messages, and the agent's actions. */
export function ConversationPanel({ item, meId }: { item: QueueItem; meId: number }) {
  const { message } = App.useApp();
  const client = useQueryClient();
  const listRef = useRef<HTMLDivElement>(null);
  const textRef = useRef<((text: string) => void) | null>(null);
  const [transferTo, setTransferTo] = useState<number | null>(null);
  const [kbOpen, setKbOpen] = useState(false);
  const [kbForm] = Form.useForm<{ question: string; answer: string; keywords: string }>();
  const messages = useQuery({
    queryKey: ['operator', 'chat', 'messages', item.id],
    queryFn: () => agentApi.messages(item.id),
  });
  const agents = useQuery({ queryKey: ['operator', 'chat', 'agents'], queryFn: agentApi.agents });
  const canned = useQuery({ queryKey: ['operator', 'chat', 'canned'], queryFn: agentApi.canned });
  const records = messages.data?.records ?? [];
  const holding = messages.data?.state === 'human' && messages.data.agentId === meId;

  useEffect(() => {
    if (records.length > 0) listRef.current?.scrollTo({ top: listRef.current.scrollHeight });
  }, [records]);

  const refresh = () => client.invalidateQueries({ queryKey: ['operator', 'chat'] });
  const act = async (action: () => Promise<unknown>) => {
    try {
      await action();
    } catch (error) {
      if (isApiError(error)) void message.error(error.msg);
    } finally {
      await refresh();
    }
  };
  const reply = (body: { msgType: number; msgContent: string }) => act(() => agentApi.reply(item.id, body));

  const openKb = () => {
    const lastQuestion = [...records].reverse().find((record) => record.author === 'customer' && record.msgType === 0);
    const lastAnswer = [...records].reverse().find((record) => record.author === 'agent' && record.msgType === 0);
    kbForm.setFieldsValue({
      question: lastQuestion?.msgContent ?? '',
      answer: lastAnswer?.msgContent ?? '',
      keywords: '',
    });
    setKbOpen(true);
  };
  const saveKb = async () => {
    const values = await kbForm.validateFields();
    await act(() => agentApi.saveKnowledge(values));
    void message.success(t('chat.agent.saved'));
    setKbOpen(false);
  };

  return (
    <div className="tl-agent-panel" data-testid="agent-conversation">
      <Descriptions size="small" column={{ xs: 1, md: 2 }} bordered>
        <Descriptions.Item label={t('chat.agent.group')}>{item.groupName}</Descriptions.Item>
        <Descriptions.Item label={t('chat.agent.level')}>
          {item.customerLevel ?? '-'} {item.customerPhone}
        </Descriptions.Item>
        <Descriptions.Item label={t('chat.agent.reason')}>
          {item.handoverReason ? t(`chat.agent.reasons.${item.handoverReason as 'button'}`) : '-'}
        </Descriptions.Item>
        <Descriptions.Item label={item.businessNumber}>
          <Tag color={item.state === 'waiting' ? 'orange' : 'blue'}>{t(`chat.state.${item.state}`)}</Tag>
        </Descriptions.Item>
        <Descriptions.Item label={t('chat.agent.recentReports')} span={2}>
          {item.recentReports.length === 0
            ? t('chat.agent.noReports')
            : item.recentReports.map((report) => (
                <div key={`${report.createdAt}-${report.companyName}`}>
                  {report.companyName} · {report.reportName} · {report.status} · {timeText(report.createdAt)}
                </div>
              ))}
        </Descriptions.Item>
      </Descriptions>
      <div className="tl-chat-list tl-agent-list" ref={listRef}>
        {records.length === 0 && <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} />}
        {records.map((record, index) => (
          <div key={record.id}>
            {showTimestamp(records[index - 1]?.createTime, record.createTime) && (
              <div className="tl-chat-time">{timeText(record.createTime)}</div>
            )}
            {record.channel === 'ai' && record.author === 'customer' && <Tag>{t('chat.aiTab')}</Tag>}
            <ChatBubble record={record} fileUrl={agentFileUrl} />
          </div>
        ))}
      </div>
      <Space wrap>
        {item.state === 'waiting' && (
          <Button type="primary" onClick={() => act(() => agentApi.claim(item.id))} data-testid="agent-claim">
            {t('chat.agent.claim')}
          </Button>
        )}
        {holding && (
          <>
            <Select
              placeholder={t('chat.agent.transferTo')}
              style={{ width: 160 }}
              value={transferTo}
              onChange={setTransferTo}
              options={(agents.data ?? [])
                .filter((agent) => agent.id !== meId)
                .map((agent) => ({ value: agent.id, label: agent.name }))}
            />
            <Button
              disabled={!transferTo}
              onClick={() => transferTo && act(() => agentApi.transfer(item.id, transferTo))}
            >
              {t('chat.agent.transfer')}
            </Button>
            <Popconfirm title={t('chat.agent.closeConfirm')} onConfirm={() => act(() => agentApi.close(item.id))}>
              <Button danger data-testid="agent-close">
                {t('chat.agent.close')}
              </Button>
            </Popconfirm>
            <Button icon={<BookOutlined />} onClick={openKb} data-testid="agent-save-kb">
              {t('chat.agent.saveToKb')}
            </Button>
          </>
        )}
      </Space>
      {holding && (
        <Composer
          textRef={textRef}
          onText={(text) => void reply({ msgType: 0, msgContent: text })}
          upload={(kind, file) => agentApi.upload(item.id, kind, file)}
          onFile={(kind, url) => void reply({ msgType: kind, msgContent: url })}
          extra={
            <Dropdown
              trigger={['click']}
              menu={{
                items: (canned.data ?? []).map((entry) => ({ key: String(entry.id), label: entry.title })),
                onClick: ({ key }) =>
                  textRef.current?.(canned.data?.find((entry) => String(entry.id) === key)?.body ?? ''),
              }}
            >
              <Button type="text" icon={<MessageOutlined />} data-testid="agent-canned">
                {t('chat.agent.canned')}
              </Button>
            </Dropdown>
          }
        />
      )}
      <Modal
        open={kbOpen}
        title={t('chat.agent.saveToKbTitle')}
        onOk={saveKb}
        onCancel={() => setKbOpen(false)}
        destroyOnHidden
      >
        <Form form={kbForm} layout="vertical">
          <KnowledgeFields />
        </Form>
      </Modal>
    </div>
  );
}
