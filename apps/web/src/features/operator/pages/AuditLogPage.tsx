import { useQuery } from '@tanstack/react-query';
import type { OperatorAuditEntry } from '@taxlens/shared';
import { Button, DatePicker, Form, Input, Space, Table, type TableColumnsType, Typography } from 'antd';
import type { Dayjs } from 'dayjs';
import dayjs from 'dayjs';
import { useState } from 'react';
import { downloadFile } from '../../../lib/download';
import { t } from '../../../locales';
import { usePagedQuery } from '../../billing/hooks/usePagedQuery';
import { withoutPage } from '../../billing/lib/paging';
import { type AuditFilters, operatorApi } from '../api';
import { ConsolePageFrame } from '../components/ConsolePageFrame';
import { JsonView } from '../components/JsonView';

interface FilterValues {
  operatorPhone?: string;
  action?: string;
  keyword?: string;
  dates?: [Dayjs, Dayjs] | null;
}

const toFilters = (values: FilterValues): AuditFilters => ({
  operatorPhone: values.operatorPhone?.trim() || undefined,
  action: values.action?.trim() || undefined,
  keyword: values.keyword?.trim() || undefined,
  from: values.dates?.[0]?.format('YYYY-MM-DD'),
  to: values.dates?.[1]?.format('YYYY-MM-DD'),
});

const columns: TableColumnsType<OperatorAuditEntry> = [
  {
    title: t('operator.audit.at'),
    dataIndex: 'at',
    width: 170,
    render: (at: string) => dayjs(at).format('YYYY-MM-DD HH:mm:ss'),
  },
  {
    title: t('operator.audit.operator'),
    width: 150,
    render: (_, row) => (
      <span>
        {row.operatorName}
        <br />
        <Typography.Text type="secondary">{row.operatorPhone}</Typography.Text>
      </span>
    ),
  },
  { title: t('operator.audit.summary'), dataIndex: 'summary' },
  {
    title: t('operator.audit.target'),
    width: 120,
    render: (_, row) => (row.targetType ? `${row.targetType} ${row.targetId ?? ''}` : '—'),
  },
];

/** Every change made in the console: search by operator, action, target or content and dates; export to Excel. */
export function AuditLogPage() {
  const [form] = Form.useForm<FilterValues>();
  const {
    query: params,
    setQuery,
    pagination,
  } = usePagedQuery<AuditFilters & { page: number; size: number }>({
    page: 1,
    size: 20,
  });
  const query = useQuery({
    queryKey: ['operator', 'audit', params],
    queryFn: () => operatorApi.audit(params),
  });
  const [exporting, setExporting] = useState(false);

  const exportXlsx = async () => {
    setExporting(true);
    try {
      await downloadFile('/operator/audit/export', withoutPage(params), '操作日志.xlsx');
    } catch {
      // The download helper has shown the error.
    } finally {
      setExporting(false);
    }
  };

  return (
    <ConsolePageFrame
      title={t('operator.pages.audit')}
      extra={
        <Button onClick={() => void exportXlsx()} loading={exporting}>
          {t('operator.audit.export')}
        </Button>
      }
    >
      <Form
        form={form}
        layout="inline"
        className="op-filters"
        // A new search replaces every filter (cleared fields included) and starts at page 1.
        onFinish={(values) => setQuery(({ size }) => ({ ...toFilters(values), page: 1, size }))}
      >
        <Form.Item name="operatorPhone">
          <Input placeholder={t('operator.audit.operatorPhone')} allowClear maxLength={11} />
        </Form.Item>
        <Form.Item name="action">
          <Input placeholder={t('operator.audit.action')} allowClear />
        </Form.Item>
        <Form.Item name="keyword">
          <Input placeholder={t('operator.audit.keyword')} allowClear />
        </Form.Item>
        <Form.Item name="dates">
          <DatePicker.RangePicker />
        </Form.Item>
        <Space>
          <Button type="primary" htmlType="submit">
            {t('operator.audit.search')}
          </Button>
          <Button
            onClick={() => {
              form.resetFields();
              setQuery(({ size }) => ({ page: 1, size }));
            }}
          >
            {t('operator.audit.reset')}
          </Button>
        </Space>
      </Form>
      <Table<OperatorAuditEntry>
        rowKey="id"
        size="middle"
        columns={columns}
        dataSource={query.data?.list}
        loading={query.isFetching}
        scroll={{ x: 640 }}
        expandable={{
          expandedRowRender: (row) => (
            <div className="op-diff">
              <div>
                <Typography.Text strong>{t('operator.audit.before')}</Typography.Text>
                <JsonView value={row.before} />
              </div>
              <div>
                <Typography.Text strong>{t('operator.audit.after')}</Typography.Text>
                <JsonView value={row.after} />
              </div>
            </div>
          ),
        }}
        pagination={pagination(query.data?.total)}
      />
    </ConsolePageFrame>
  );
}
