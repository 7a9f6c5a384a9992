import { useQuery, useQueryClient } from '@tanstack/react-query';
import { RISK_KINDS, RISK_LABELS } from '@taxlens/shared';
import { App, Button, Form, Input, InputNumber, Modal, Select, Switch, Table, Tabs, Tag } from 'antd';
import { useState } from 'react';
import { t } from '../../../locales';
import { usePagedQuery } from '../../billing/hooks/usePagedQuery';
import { ConsolePageFrame } from '../../operator/components/ConsolePageFrame';
import {
  type CatalogueService,
  deliveryOperatorApi,
  type OperatorServiceRequest,
  SERVICE_REQUEST_STATUS_LABELS,
  type ServiceRequest,
} from '../api';

type ServiceForm = Omit<CatalogueService, 'id' | 'requests'>;
const STATUS_OPTIONS = Object.entries(SERVICE_REQUEST_STATUS_LABELS).map(([value, label]) => ({ value, label }));
const RISK_OPTIONS = RISK_KINDS.map((kind) => ({ value: kind, label: RISK_LABELS[kind] }));

/**
 * Operator console: the data-service catalogue the data view recommends (内容 edits it; a service
 * taken off keeps its past requests) and the firms' requests that 运营 and 内容 follow up.
 */
export function DataServicesPage() {
  return (
    <ConsolePageFrame title={t('dataMap.operator.title')}>
      <Tabs
        items={[
          { key: 'catalogue', label: t('dataMap.operator.catalogue'), children: <CatalogueTab /> },
          { key: 'requests', label: t('dataMap.operator.requests'), children: <RequestsTab /> },
        ]}
      />
    </ConsolePageFrame>
  );
}

function CatalogueTab() {
  const { message } = App.useApp();
  const client = useQueryClient();
  const [editing, setEditing] = useState<CatalogueService | 'new' | null>(null);
  const [form] = Form.useForm<ServiceForm>();
  const list = useQuery({
    queryKey: ['operator', 'dataServices'],
    queryFn: ({ signal }) => deliveryOperatorApi.list(signal),
  });
  const open = (row: CatalogueService | 'new') => {
    setEditing(row);
    form.setFieldsValue(row === 'new' ? { riskKinds: [], sortOrder: 100, active: true } : row);
  };
  const save = async (values: ServiceForm) => {
    try {
      // Fields the form does not show (the shop's) are sent back unchanged.
      await deliveryOperatorApi.save({ ...(editing && editing !== 'new' ? editing : {}), ...values });
      message.success(t('dataMap.operator.saved'));
      setEditing(null);
      await client.invalidateQueries({ queryKey: ['operator', 'dataServices'] });
    } catch {
      // The http client has shown the server's message.
    }
  };
  return (
    <>
      <Button type="primary" onClick={() => open('new')} style={{ marginBottom: 12 }}>
        {t('dataMap.operator.add')}
      </Button>
      <Table<CatalogueService>
        rowKey="id"
        size="small"
        loading={list.isFetching}
        dataSource={list.data ?? []}
        pagination={false}
        scroll={{ x: 800 }}
        data-testid="data-services"
        columns={[
          { key: 'sort', title: t('dataMap.operator.sortOrder'), dataIndex: 'sortOrder', width: 70 },
          { key: 'title', title: t('dataMap.product.service'), dataIndex: 'title' },
          { key: 'label', title: t('dataMap.operator.label'), dataIndex: 'label', width: 100 },
          {
            key: 'lists',
            title: t('dataMap.operator.riskKinds'),
            render: (_, row) =>
              row.riskKinds.map((kind) => RISK_LABELS[kind as keyof typeof RISK_LABELS]).join('、') || '-',
          },
          { key: 'requests', title: t('dataMap.operator.requestCount'), dataIndex: 'requests', width: 80 },
          {
            key: 'active',
            title: t('dataMap.product.status'),
            width: 80,
            render: (_, row) =>
              row.active ? (
                <Tag color="success">{t('dataMap.operator.on')}</Tag>
              ) : (
                <Tag>{t('dataMap.operator.off')}</Tag>
              ),
          },
          {
            key: 'edit',
            title: '',
            width: 70,
            render: (_, row) => (
              <Button type="link" onClick={() => open(row)}>
                {t('dataMap.operator.edit')}
              </Button>
            ),
          },
        ]}
      />
      <Modal
        open={editing !== null}
        title={editing === 'new' ? t('dataMap.operator.add') : t('dataMap.operator.edit')}
        onOk={() => form.submit()}
        onCancel={() => setEditing(null)}
        destroyOnHidden
        width={600}
      >
        <Form<ServiceForm> form={form} layout="vertical" onFinish={save} data-testid="data-service-form">
          <Form.Item name="title" label={t('dataMap.product.service')} rules={[{ required: true, max: 40 }]}>
            <Input maxLength={40} />
          </Form.Item>
          <Form.Item name="subheading" label={t('dataMap.operator.subheading')} rules={[{ required: true, max: 60 }]}>
            <Input maxLength={60} />
          </Form.Item>
          <Form.Item name="label" label={t('dataMap.operator.label')} rules={[{ required: true, max: 10 }]}>
            <Input maxLength={10} />
          </Form.Item>
          <Form.Item
            name="description"
            label={t('dataMap.operator.description')}
            rules={[{ required: true, max: 1000 }]}
          >
            <Input.TextArea maxLength={1000} autoSize={{ minRows: 3 }} />
          </Form.Item>
          <Form.Item
            name="deliverables"
            label={t('dataMap.product.deliverables')}
            rules={[{ required: true, max: 300 }]}
          >
            <Input maxLength={300} />
          </Form.Item>
          <Form.Item
            name="riskKinds"
            label={t('dataMap.operator.riskKinds')}
            extra={t('dataMap.operator.riskKindsHint')}
          >
            <Select mode="multiple" options={RISK_OPTIONS} allowClear />
          </Form.Item>
          <Form.Item name="sortOrder" label={t('dataMap.operator.sortOrder')} rules={[{ required: true }]}>
            <InputNumber min={0} max={9999} precision={0} />
          </Form.Item>
          <Form.Item name="active" label={t('dataMap.operator.on')} valuePropName="checked">
            <Switch />
          </Form.Item>
        </Form>
      </Modal>
    </>
  );
}

function RequestsTab() {
  const { message } = App.useApp();
  const client = useQueryClient();
  const {
    query: params,
    filter,
    pagination,
  } = usePagedQuery<{ page: number; size: number; status?: string }>({
    page: 1,
    size: 20,
  });
  const list = useQuery({
    queryKey: ['operator', 'dataServiceRequests', params],
    queryFn: ({ signal }) => deliveryOperatorApi.requests(params, signal),
  });
  const update = async (row: OperatorServiceRequest, status: ServiceRequest['status']) => {
    try {
      await deliveryOperatorApi.updateRequest(row.id, status);
      message.success(t('dataMap.operator.saved'));
      await client.invalidateQueries({ queryKey: ['operator', 'dataServiceRequests'] });
    } catch {
      // The http client has shown the server's message.
    }
  };
  return (
    <>
      <Select
        allowClear
        placeholder={t('dataMap.operator.allStatuses')}
        style={{ width: 140, marginBottom: 12 }}
        value={params.status}
        onChange={(status) => filter({ status })}
        options={STATUS_OPTIONS}
      />
      <Table<OperatorServiceRequest>
        rowKey="id"
        size="small"
        loading={list.isFetching}
        dataSource={list.data?.list ?? []}
        pagination={pagination(list.data?.total)}
        scroll={{ x: 900 }}
        data-testid="data-service-requests"
        columns={[
          { key: 'time', title: t('dataMap.product.time'), dataIndex: 'createdAt', width: 160 },
          { key: 'group', title: t('dataMap.operator.group'), dataIndex: 'groupName' },
          { key: 'service', title: t('dataMap.product.service'), dataIndex: 'title' },
          {
            key: 'contact',
            title: t('dataMap.product.contact'),
            render: (_, row) => `${row.contactName} ${row.contactPhone}`,
          },
          { key: 'company', title: t('dataMap.product.company'), render: (_, row) => row.companyName ?? '-' },
          { key: 'remark', title: t('dataMap.operator.remark'), render: (_, row) => row.remark ?? '-' },
          {
            key: 'status',
            title: t('dataMap.product.status'),
            width: 120,
            render: (_, row) => (
              <Select
                size="small"
                value={row.status}
                options={STATUS_OPTIONS}
                onChange={(status) => update(row, status as ServiceRequest['status'])}
                style={{ width: 100 }}
              />
            ),
          },
        ]}
      />
    </>
  );
}
