import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Form, Input, Modal, Popconfirm, Segmented, Space, Switch, Table, Tag } from 'antd';
import { useState } from 'react';
import { isApiError } from '../../../lib/http';
import { t } from '../../../locales';
import { ConsolePageFrame } from '../../operator/components/ConsolePageFrame';
import { agentApi, type KnowledgeEntry } from './agent-api';
import { KnowledgeFields } from './KnowledgeFields';

type Draft = { id?: number; question: string; answer: string; keywords: string; link: string; enabled: boolean };

/** Operator console 客服知识库 (issue 17): the FAQ the assistant answers from, the product help, a trial question. */
export function KnowledgePage() {
  const { message } = App.useApp();
  const client = useQueryClient();
  const [kind, setKind] = useState<'faq' | 'help'>('faq');
  const [editing, setEditing] = useState<Draft | null>(null);
  const [trial, setTrial] = useState('');
  const [form] = Form.useForm<Draft>();
  const rows = useQuery({ queryKey: ['operator', 'chatKnowledge', kind], queryFn: () => agentApi.knowledge(kind) });
  const tried = useQuery({
    queryKey: ['operator', 'chatKnowledge', 'try', trial],
    queryFn: () => agentApi.tryAsk(trial),
    enabled: trial.length > 0,
  });

  const run = async (action: () => Promise<unknown>) => {
    try {
      await action();
      return true;
    } catch (error) {
      if (isApiError(error)) void message.error(error.msg);
      return false;
    } finally {
      await client.invalidateQueries({ queryKey: ['operator', 'chatKnowledge'] });
    }
  };
  const open = (entry?: KnowledgeEntry) => {
    const draft = entry
      ? {
          id: entry.id,
          question: entry.question,
          answer: entry.answer,
          keywords: entry.keywords,
          link: entry.link ?? '',
          enabled: entry.enabled,
        }
      : { question: '', answer: '', keywords: '', link: '', enabled: true };
    setEditing(draft);
    form.setFieldsValue(draft);
  };
  const save = async () => {
    const values = await form.validateFields();
    if (await run(() => agentApi.saveKnowledge({ ...values, id: editing?.id, link: values.link || null })))
      setEditing(null);
  };

  return (
    <ConsolePageFrame
      title={t('chat.knowledge.title')}
      extra={
        <Button type="primary" onClick={() => open()} data-testid="kb-add">
          {t('chat.knowledge.add')}
        </Button>
      }
    >
      <Space direction="vertical" style={{ width: '100%' }}>
        <Input.Search
          placeholder={t('chat.knowledge.tryPlaceholder')}
          enterButton={t('chat.knowledge.tryAsk')}
          onSearch={(value) => setTrial(value.trim())}
          allowClear
        />
        {tried.data && (
          <div data-testid="kb-try">
            {tried.data.map((hit) => (
              <div key={`${hit.kind}-${hit.title}`}>
                <Tag>{t(`chat.sourceKinds.${hit.kind as 'faq'}`)}</Tag>
                {hit.title} · {t('chat.knowledge.score')} {Math.round(hit.score * 100)}%
              </div>
            ))}
          </div>
        )}
        <Segmented
          value={kind}
          onChange={(value) => setKind(value as 'faq' | 'help')}
          options={(['faq', 'help'] as const).map((key) => ({ value: key, label: t(`chat.knowledge.kind.${key}`) }))}
        />
        <Table<KnowledgeEntry>
          rowKey="id"
          size="small"
          loading={rows.isLoading}
          dataSource={rows.data ?? []}
          scroll={{ x: 720 }}
          columns={[
            { title: t('chat.knowledge.question'), dataIndex: 'question', width: 220 },
            { title: t('chat.knowledge.answer'), dataIndex: 'answer', ellipsis: true },
            {
              title: t('chat.knowledge.enabled'),
              dataIndex: 'enabled',
              width: 80,
              render: (enabled: boolean, entry) => (
                <Switch
                  size="small"
                  checked={enabled}
                  onChange={(next) => run(() => agentApi.saveKnowledge({ ...entry, link: entry.link, enabled: next }))}
                />
              ),
            },
            {
              title: '',
              width: 130,
              render: (_, entry) => (
                <Space>
                  <Button type="link" size="small" onClick={() => open(entry)}>
                    {t('chat.knowledge.edit')}
                  </Button>
                  <Popconfirm
                    title={t('chat.knowledge.deleteConfirm')}
                    onConfirm={() => run(() => agentApi.deleteKnowledge(entry.id))}
                  >
                    <Button type="link" size="small" danger>
                      {t('chat.knowledge.delete')}
                    </Button>
                  </Popconfirm>
                </Space>
              ),
            },
          ]}
        />
      </Space>
      <Modal
        open={editing !== null}
        title={t('chat.knowledge.add')}
        onOk={save}
        onCancel={() => setEditing(null)}
        destroyOnHidden
      >
        <Form form={form} layout="vertical">
          <KnowledgeFields withLink />
          <Form.Item name="enabled" label={t('chat.knowledge.enabled')} valuePropName="checked">
            <Switch />
          </Form.Item>
        </Form>
      </Modal>
    </ConsolePageFrame>
  );
}
