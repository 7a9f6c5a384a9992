import { useQuery, useQueryClient } from '@tanstack/react-query';
import { formatFen, INSURANCE_QUOTE_STATUSES, type InsuranceQuoteStatus } from '@taxlens/shared';
import { App, Button, Form, Input, Modal, Select, Table, Tag } from 'antd';
import { useState } from 'react';
import { t } from '../../../locales';
import { ConsolePageFrame } from '../../operator/components/ConsolePageFrame';
import { type InsuranceQuote, insuranceApi } from '../api';
import { QUOTE_STATUS_COLORS } from '../pages/InsurancePage';

const PAGE_SIZE = 20;

/** Operator console (运营/内容): the firms' insurance quote requests and their follow-up. */
export function InsuranceQuotesPage() {
  const { message } = App.useApp();
  const client = useQueryClient();
  const [status, setStatus] = useState<string | undefined>();
  const [page, setPage] = useState(1);
  const [editing, setEditing] = useState<InsuranceQuote | null>(null);
  const [form] = Form.useForm<{ status: InsuranceQuoteStatus; operatorNote: string }>();
  const rows = useQuery({
    queryKey: ['operator', 'insuranceQuotes', status, page],
    queryFn: ({ signal }) => insuranceApi.operatorList({ page, size: PAGE_SIZE, status }, signal),
  });
  const save = async () => {
    if (!editing) return;
    const values = await form.validateFields();
    try {
      await insuranceApi.operatorUpdate({ id: editing.id, ...values });
      message.success(t('content.operatorInsurance.saved'));
      setEditing(null);
      await client.invalidateQueries({ queryKey: ['operator', 'insuranceQuotes'] });
    } catch {
      // The http client has shown the server's message.
    }
  };
  return (
    <ConsolePageFrame
      title={t('content.operatorInsurance.title')}
      extra={
        <Select
          allowClear
          placeholder={t('content.operatorInsurance.all')}
          style={{ width: 130 }}
          value={status}
          onChange={(value) => {
            setStatus(value);
            setPage(1);
          }}
          options={INSURANCE_QUOTE_STATUSES.map((value) => ({ value, label: value }))}
        />
      }
    >
      <Table<InsuranceQuote>
        rowKey="id"
        size="small"
        loading={rows.isFetching}
        dataSource={rows.data?.list ?? []}
        scroll={{ x: 900 }}
        pagination={{ current: page, pageSize: PAGE_SIZE, total: rows.data?.total ?? 0, onChange: setPage }}
        data-testid="insurance-quotes"
        columns={[
          { key: 'createdAt', title: t('content.insurance.createdAt'), dataIndex: 'createdAt', width: 160 },
          { key: 'group', title: t('content.operatorInsurance.group'), dataIndex: 'groupName' },
          {
            key: 'contact',
            title: t('content.operatorInsurance.contact'),
            render: (_, row) => `${row.contactName} ${row.phone}`,
          },
          {
            key: 'revenue',
            title: t('content.operatorInsurance.revenue'),
            render: (_, row) => formatFen(row.annualRevenueFen),
          },
          { key: 'staff', title: t('content.operatorInsurance.staff'), dataIndex: 'staffCount', width: 60 },
          {
            key: 'limits',
            title: t('content.insurance.limits'),
            render: (_, row) => `${formatFen(row.perClaimLimitFen)} / ${formatFen(row.aggregateLimitFen)}`,
          },
          { key: 'services', title: t('content.insurance.services'), render: (_, row) => row.services.join('、') },
          {
            key: 'status',
            title: t('content.insurance.status'),
            width: 90,
            render: (_, row) => <Tag color={QUOTE_STATUS_COLORS[row.status]}>{row.status}</Tag>,
          },
          {
            key: 'handle',
            title: '',
            width: 70,
            render: (_, row) => (
              <Button
                type="link"
                onClick={() => {
                  setEditing(row);
                  form.setFieldsValue({ status: row.status, operatorNote: row.operatorNote });
                }}
              >
                {t('content.operatorInsurance.handle')}
              </Button>
            ),
          },
        ]}
      />
      <Modal
        open={editing !== null}
        title={editing ? `${editing.firmName}（${editing.contactName}）` : ''}
        okText={t('content.operatorInsurance.save')}
        onOk={save}
        onCancel={() => setEditing(null)}
        destroyOnHidden
      >
        <Form form={form} layout="vertical">
          <Form.Item name="status" label={t('content.insurance.status')} rules={[{ required: true }]}>
            <Select options={INSURANCE_QUOTE_STATUSES.map((value) => ({ value, label: value }))} />
          </Form.Item>
          <Form.Item name="operatorNote" label={t('content.insurance.operatorNote')}>
            <Input.TextArea maxLength={500} rows={3} />
          </Form.Item>
          {editing?.note && <div className="tl-muted">{editing.note}</div>}
        </Form>
      </Modal>
    </ConsolePageFrame>
  );
}
