import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { OPERATOR_ROLE_LABELS, OPERATOR_ROLES, type OperatorRole, type StaffEntry } from '@taxlens/shared';
import { App, Button, Checkbox, Form, Input, Modal, Space, Table, type TableColumnsType, Tag, Typography } from 'antd';
import { useState } from 'react';
import { isApiError } from '../../../lib/http';
import { t } from '../../../locales';
import { operatorApi } from '../api';
import { ConsolePageFrame } from '../components/ConsolePageFrame';
import { applyFieldErrors } from '../lib/field-errors';

interface RolesForm {
  phone: string;
  roles: OperatorRole[];
}

const ROLE_OPTIONS = OPERATOR_ROLES.map((role) => ({ value: role, label: OPERATOR_ROLE_LABELS[role] }));

/** Who works in the console and with which roles; an admin grants and removes them (audited). */
export function StaffPage() {
  const { message } = App.useApp();
  const client = useQueryClient();
  const staff = useQuery({ queryKey: ['operator', 'staff'], queryFn: operatorApi.staff });
  const [editing, setEditing] = useState<RolesForm | null>(null);
  const [form] = Form.useForm<RolesForm>();
  const save = useMutation({
    mutationFn: operatorApi.setStaffRoles,
    onSuccess: () => {
      message.success(t('operator.staff.saved'));
      setEditing(null);
      void client.invalidateQueries({ queryKey: ['operator', 'staff'] });
    },
    onError: (error) => {
      if (isApiError(error)) applyFieldErrors(form, error, message);
    },
  });

  const open = (initial: RolesForm) => {
    setEditing(initial);
    form.setFieldsValue(initial);
  };

  const columns: TableColumnsType<StaffEntry> = [
    { title: t('operator.staff.name'), dataIndex: 'name' },
    { title: t('operator.staff.phone'), dataIndex: 'phone', width: 130 },
    {
      title: t('operator.staff.roles'),
      render: (_, row) => (
        <Space size={4} wrap>
          {row.roles.map((role) => (
            <Tag key={role} color={role === 'admin' ? 'gold' : 'blue'}>
              {OPERATOR_ROLE_LABELS[role]}
            </Tag>
          ))}
          {row.bootstrap && <Typography.Text type="secondary">{t('operator.staff.bootstrap')}</Typography.Text>}
        </Space>
      ),
    },
    {
      title: '',
      width: 100,
      render: (_, row) => (
        <Button type="link" onClick={() => open({ phone: row.phone, roles: row.roles })}>
          {t('operator.staff.edit')}
        </Button>
      ),
    },
  ];

  return (
    <ConsolePageFrame
      title={t('operator.pages.staff')}
      extra={
        <Button type="primary" onClick={() => open({ phone: '', roles: [] })}>
          {t('operator.staff.add')}
        </Button>
      }
    >
      <Table<StaffEntry>
        rowKey="userId"
        columns={columns}
        dataSource={staff.data}
        loading={staff.isFetching}
        pagination={false}
        scroll={{ x: 520 }}
      />
      <Modal
        open={editing !== null}
        title={editing?.phone ? t('operator.staff.edit') : t('operator.staff.add')}
        okText={t('operator.staff.save')}
        cancelText={t('operator.staff.cancel')}
        confirmLoading={save.isPending}
        onCancel={() => setEditing(null)}
        onOk={() => void form.validateFields().then((values) => save.mutate(values))}
        destroyOnHidden
      >
        <Form form={form} layout="vertical" preserve={false}>
          <Form.Item
            name="phone"
            label={t('operator.staff.phone')}
            rules={[{ required: true, pattern: /^1\d{10}$/, message: '请输入正确的11位手机号' }]}
          >
            <Input maxLength={11} disabled={Boolean(editing?.phone)} />
          </Form.Item>
          <Form.Item name="roles" label={t('operator.staff.roles')} extra={t('operator.staff.removeHint')}>
            <Checkbox.Group options={ROLE_OPTIONS} />
          </Form.Item>
        </Form>
      </Modal>
    </ConsolePageFrame>
  );
}
