import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Form, Input, Modal, Radio, Select } from 'antd';
import { useState } from 'react';
import { t } from '../../../locales';
import { tokerApi } from '../toker-api';

/** Saves picked prospects into a new list or an existing one. */
export function SaveToListModal({
  open,
  creditCodes,
  onClose,
}: {
  open: boolean;
  creditCodes: string[];
  onClose: (saved: boolean) => void;
}) {
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<{ name?: string; listId?: number }>();
  const [mode, setMode] = useState<'new' | 'existing'>('new');
  const lists = useQuery({
    queryKey: ['toker', 'lists', 'all'],
    queryFn: ({ signal }) => tokerApi.lists({ page: 1, size: 200 }, signal),
    enabled: open,
  });
  const save = useMutation({
    mutationFn: (values: { name?: string; listId?: number }) =>
      tokerApi.save(mode === 'new' ? { name: values.name, creditCodes } : { listId: values.listId, creditCodes }),
    onSuccess: async (answer) => {
      message.success(t('toker.search.saved', { count: answer.added }));
      await queryClient.invalidateQueries({ queryKey: ['toker', 'lists'] });
      form.resetFields();
      onClose(true);
    },
  });
  return (
    <Modal
      open={open}
      title={t('toker.search.saveTitle')}
      onCancel={() => onClose(false)}
      onOk={() => form.submit()}
      confirmLoading={save.isPending}
      destroyOnHidden
    >
      <Radio.Group value={mode} onChange={(event) => setMode(event.target.value)} style={{ marginBottom: 16 }}>
        <Radio value="new">{t('toker.search.newList')}</Radio>
        <Radio value="existing" disabled={(lists.data?.total ?? 0) === 0}>
          {t('toker.search.existingList')}
        </Radio>
      </Radio.Group>
      <Form form={form} layout="vertical" onFinish={(values) => save.mutate(values)}>
        {mode === 'new' ? (
          <Form.Item
            name="name"
            label={t('toker.search.listName')}
            rules={[{ required: true, whitespace: true, message: t('toker.search.listNameRequired') }, { max: 40 }]}
          >
            <Input maxLength={40} data-testid="toker-list-name" />
          </Form.Item>
        ) : (
          <Form.Item
            name="listId"
            label={t('toker.lists.name')}
            rules={[{ required: true, message: t('toker.search.pickList') }]}
          >
            <Select options={(lists.data?.list ?? []).map((list) => ({ value: list.id, label: list.name }))} />
          </Form.Item>
        )}
      </Form>
    </Modal>
  );
}
