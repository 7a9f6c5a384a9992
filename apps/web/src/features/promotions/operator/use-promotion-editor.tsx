import { useQueryClient } from '@tanstack/react-query';
import { App, Button, DatePicker, Form, type FormInstance, Input, Modal, Popconfirm, Space } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';

import { type ReactNode, useState } from 'react';
import { isApiError } from '../../../lib/http';
import { t } from '../../../locales';
import { applyFieldErrors } from '../../operator/lib/field-errors';

interface PromotionRow {
  id: number;
  title: string;
  startsAt: string;
  endsAt: string;
}

/**
 * What the banner and discount pages share: the add/edit dialog around their own fields (title and
 * period included), saving with the server's field errors on the form, and the edit/delete column.
 */
export function usePromotionEditor<Row extends PromotionRow, Values extends { period: [Dayjs, Dayjs] }>(options: {
  queryKey: readonly unknown[];
  newValues: () => Partial<Values>;
  save: (values: Values, id: number | undefined) => Promise<unknown>;
  remove: (id: number) => Promise<unknown>;
}) {
  const { message } = App.useApp();
  const client = useQueryClient();
  const [form] = Form.useForm<Values>();
  const [editing, setEditing] = useState<Row | 'new' | null>(null);
  const refresh = () => client.invalidateQueries({ queryKey: options.queryKey });

  const open = (row: Row | 'new') => {
    setEditing(row);
    form.resetFields();
    const values = row === 'new' ? options.newValues() : { ...row, period: [dayjs(row.startsAt), dayjs(row.endsAt)] };
    form.setFieldsValue(values as Parameters<FormInstance<Values>['setFieldsValue']>[0]);
  };
  const onFinish = async (values: Values) => {
    try {
      await options.save(values, editing && editing !== 'new' ? editing.id : undefined);
      message.success(t('promotions.operator.saved'));
      setEditing(null);
      await refresh();
    } catch (error) {
      if (isApiError(error)) applyFieldErrors(form, error, message, { startsAt: 'period', endsAt: 'period' });
    }
  };
  const remove = async (row: Row) => {
    try {
      await options.remove(row.id);
      message.success(t('promotions.operator.deleted'));
      await refresh();
    } catch (error) {
      if (isApiError(error)) message.error(error.msg);
    }
  };

  const actionsColumn = {
    key: 'actions',
    title: '',
    width: 130,
    render: (_: unknown, row: Row) => (
      <Space size={0}>
        <Button type="link" onClick={() => open(row)}>
          {t('promotions.operator.edit')}
        </Button>
        <Popconfirm title={t('promotions.operator.deleteConfirm', { title: row.title })} onConfirm={() => remove(row)}>
          <Button type="link" danger>
            {t('promotions.operator.delete')}
          </Button>
        </Popconfirm>
      </Space>
    ),
  };

  /** The dialog: the title field, then `fields`, then the period and `after` (publishing switches). */
  const dialog = (fields: ReactNode, after: ReactNode, testId?: string) => (
    <Modal
      open={editing !== null}
      title={editing === 'new' ? t('promotions.operator.add') : t('promotions.operator.edit')}
      okText={t('promotions.operator.save')}
      onOk={() => form.submit()}
      onCancel={() => setEditing(null)}
      destroyOnHidden
      width={560}
    >
      <Form<Values> form={form} layout="vertical" onFinish={onFinish} data-testid={testId}>
        <Form.Item
          name="title"
          label={t('promotions.operator.title')}
          rules={[{ required: true, whitespace: true, message: t('promotions.operator.required') }]}
        >
          <Input maxLength={60} />
        </Form.Item>
        {fields}
        <Form.Item
          name="period"
          label={t('promotions.operator.period')}
          rules={[{ required: true, message: t('promotions.operator.required') }]}
        >
          <DatePicker.RangePicker showTime={{ format: 'HH:mm' }} format="YYYY-MM-DD HH:mm" style={{ width: '100%' }} />
        </Form.Item>
        {after}
      </Form>
    </Modal>
  );

  return { editing, open, actionsColumn, dialog };
}
