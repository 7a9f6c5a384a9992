import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { phoneSchema } from '@taxlens/shared';
import { Alert, App, Button, Card, Form, Input, Modal, Segmented, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { isApiError } from '../../../lib/http';
import { t } from '../../../locales';
import { DataViewFrame } from '../../dataview/components/DataViewFrame';
import {
  type DataService,
  deliveryApi,
  SERVICE_REQUEST_STATUS_LABELS,
  type ServiceRequest,
  type ServiceRequestInput,
} from '../api';
import '../data-map.css';

const ALL = '全部';

/** /data-view/product: the data services (DataServerDelivery), recommended by the clients' risks, and a request form. */
export function ProductPage() {
  const [params] = useSearchParams();
  const creditCode = params.get('creditCode');
  const [label, setLabel] = useState<string>(ALL);
  const [ordering, setOrdering] = useState<DataService | null>(null);
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<Omit<ServiceRequestInput, 'deliveryId'>>();
  const recommend = useQuery({
    queryKey: ['dataMap', 'delivery', 'recommend', creditCode],
    queryFn: ({ signal }) => deliveryApi.recommend(creditCode, signal),
    retry: false,
  });
  const byLabel = useQuery({
    queryKey: ['dataMap', 'delivery', 'label', label],
    queryFn: ({ signal }) => deliveryApi.byLabel(label === ALL ? null : label, signal),
    retry: false,
  });
  const requests = useQuery({
    queryKey: ['dataMap', 'delivery', 'requests'],
    queryFn: ({ signal }) => deliveryApi.requests(signal),
  });
  const submit = useMutation({
    mutationFn: (input: ServiceRequestInput) => deliveryApi.submit(input),
    onSuccess: () => {
      message.success(t('dataMap.product.submitted'));
      setOrdering(null);
      form.resetFields();
      void queryClient.invalidateQueries({ queryKey: ['dataMap', 'delivery', 'requests'] });
    },
  });
  const reasons = new Map((recommend.data?.list ?? []).map((item) => [item.id, item.reason]));
  const shown = [...(byLabel.data?.list ?? [])].sort(
    (a, b) => Number(Boolean(reasons.get(b.id))) - Number(Boolean(reasons.get(a.id))),
  );
  const error = recommend.error ?? byLabel.error;
  return (
    <DataViewFrame title={t('dataMap.routes.product')} subtitle={t('dataMap.product.intro')} testId="product-page">
      {error && <Alert type="warning" showIcon message={isApiError(error) ? error.message : String(error)} />}
      {recommend.data && recommend.data.listedKinds.length > 0 && (
        <Alert
          type="info"
          showIcon
          message={t('dataMap.product.listed', {
            who:
              recommend.data.basis === 'company' ? t('dataMap.product.thisCompany') : t('dataMap.product.yourClients'),
            lists: recommend.data.listedKinds
              .map((item) => (recommend.data.basis === 'company' ? item.label : `${item.label} ${item.companies} 家`))
              .join('、'),
          })}
        />
      )}
      <Segmented
        options={[ALL, ...(byLabel.data?.labels ?? [])]}
        value={label}
        onChange={(value) => setLabel(String(value))}
        style={{ alignSelf: 'flex-start' }}
      />
      <div className="tl-dv-grid" data-testid="product-list">
        {shown.map((item) => (
          <Card
            key={item.id}
            size="small"
            title={item.title}
            extra={<Tag>{item.label}</Tag>}
            data-testid="product-card"
            actions={[
              <Button key="order" type="link" onClick={() => setOrdering(item)}>
                {t('dataMap.product.order')}
              </Button>,
            ]}
          >
            <Typography.Paragraph strong>{item.subheading}</Typography.Paragraph>
            {reasons.get(item.id) && (
              <Tag color="gold" style={{ marginBottom: 8, whiteSpace: 'normal' }}>
                {t('dataMap.product.recommended')}：{reasons.get(item.id)}
              </Tag>
            )}
            <Typography.Paragraph type="secondary">{item.description}</Typography.Paragraph>
            <Typography.Text type="secondary">
              {t('dataMap.product.deliverables')}：{item.deliverables}
            </Typography.Text>
          </Card>
        ))}
      </div>
      <Card size="small" title={t('dataMap.product.requests')}>
        <Table<ServiceRequest>
          rowKey="id"
          size="small"
          pagination={false}
          scroll={{ x: 640 }}
          loading={requests.isFetching}
          dataSource={requests.data ?? []}
          locale={{ emptyText: t('dataMap.company.noRecord') }}
          data-testid="product-requests"
          columns={[
            { title: t('dataMap.product.service'), dataIndex: 'title', width: 200 },
            { title: t('dataMap.product.company'), dataIndex: 'companyName', render: (value) => value ?? '-' },
            {
              title: t('dataMap.product.contact'),
              render: (_, row) => `${row.contactName} ${row.contactPhone}`,
              width: 180,
            },
            {
              title: t('dataMap.product.status'),
              dataIndex: 'status',
              width: 90,
              render: (status: ServiceRequest['status']) => SERVICE_REQUEST_STATUS_LABELS[status],
            },
            { title: t('dataMap.product.time'), dataIndex: 'createdAt', width: 170 },
          ]}
        />
      </Card>
      <Modal
        open={ordering !== null}
        title={ordering?.title}
        okText={t('dataMap.product.submit')}
        confirmLoading={submit.isPending}
        onCancel={() => setOrdering(null)}
        onOk={() => form.submit()}
        destroyOnHidden
      >
        {submit.error && isApiError(submit.error) && (
          <Alert type="error" showIcon message={submit.error.message} style={{ marginBottom: 12 }} />
        )}
        <Form
          form={form}
          layout="vertical"
          initialValues={{ creditCode: creditCode ?? undefined }}
          onFinish={(values) => ordering && submit.mutate({ ...values, deliveryId: ordering.id })}
        >
          <Form.Item
            name="contactName"
            label={t('dataMap.product.contactName')}
            rules={[{ required: true, whitespace: true, message: '请输入联系人' }]}
          >
            <Input maxLength={20} data-testid="product-contact-name" />
          </Form.Item>
          <Form.Item
            name="contactPhone"
            label={t('dataMap.product.contactPhone')}
            rules={[
              {
                validator: (_, value) => {
                  const parsed = phoneSchema.safeParse(value ?? '');
                  return parsed.success
                    ? Promise.resolve()
                    : Promise.reject(new Error(parsed.error.issues[0]?.message));
                },
              },
            ]}
          >
            <Input maxLength={11} data-testid="product-contact-phone" />
          </Form.Item>
          <Form.Item name="creditCode" label={t('dataMap.product.creditCode')}>
            <Input maxLength={20} />
          </Form.Item>
          <Form.Item name="remark" label={t('dataMap.product.remark')}>
            <Input.TextArea maxLength={200} rows={3} />
          </Form.Item>
        </Form>
      </Modal>
    </DataViewFrame>
  );
}
