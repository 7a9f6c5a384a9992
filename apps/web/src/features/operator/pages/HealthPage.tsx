import { useQuery, useQueryClient } from '@tanstack/react-query';
import { REPORT_KINDS } from '@taxlens/shared';
import { App, Button, Popconfirm, Select, Space, Statistic, Table, Typography } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { http } from '../../../lib/http';
import { t } from '../../../locales';
import { ConsolePageFrame } from '../components/ConsolePageFrame';

interface Health {
  days: number;
  queues: { name: string; waiting: number; active: number; failed: number; completed: number; retried: number }[];
  failedJobs: {
    id: string;
    name: string;
    retryCount: number;
    error: string;
    createdAt: string;
    failedAt: string | null;
  }[];
  reports: { kind: string; status: string; count: number }[];
  imports: { kind: string; status: string; count: number }[];
  activeGroups: number;
  databaseBytes: number;
}

const KIND_NAMES: Record<string, string> = {
  INVOICE: '发票穿透报告',
  TAX: '经营（税务）风险检测报告',
  COMPREHENSIVE: '综合税务风险报告',
  PANORAMIC: '全景报告',
  BUSINESS_INFO: '工商信息报告',
  DUE_DILIGENCE: '尽职调查报告',
};
const IMPORT_KINDS: Record<string, string> = {
  invoice: '发票',
  statement: '财务报表',
  return: '纳税申报表',
  deduction: '抵扣勾选',
  payroll: '工资薪金',
};
const IMPORT_STATES: Record<string, string> = {
  queued: '排队',
  parsing: '解析中',
  done: '完成',
  rejected: '文件有误',
  failed: '失败',
};
const at = (iso: string | null) => (iso ? dayjs(iso).format('MM-DD HH:mm:ss') : '—');

/** Pivots kind × status counts into one row per kind. */
function byKind(rows: Health['reports']) {
  const kinds = new Map<string, Record<string, number>>();
  for (const row of rows) kinds.set(row.kind, { ...(kinds.get(row.kind) ?? {}), [row.status]: row.count });
  return [...kinds.entries()].map(([kind, counts]) => ({ kind, ...counts }));
}

/** Job queues (pg-boss), failed jobs with a retry, reports and imports, active groups, database size. */
export function HealthPage() {
  const { message } = App.useApp();
  const client = useQueryClient();
  const [days, setDays] = useState(7);
  const query = useQuery({
    queryKey: ['operator', 'health', days],
    queryFn: () => http.get<Health>('/operator/health', { params: { days } }),
    refetchInterval: 30_000,
  });
  const data = query.data;
  const retry = async (id: string) => {
    try {
      await http.post('/operator/health/retryJob', { id });
      message.success(t('operator.health.retried'));
      await client.invalidateQueries({ queryKey: ['operator', 'health'] });
    } catch {
      // Shown by the HTTP client.
    }
  };
  const reportRows = byKind(data?.reports ?? []).sort(
    (a, b) =>
      REPORT_KINDS.findIndex((kind) => kind.reportType === a.kind) -
      REPORT_KINDS.findIndex((kind) => kind.reportType === b.kind),
  );

  return (
    <Space direction="vertical" size={16} className="op-stack">
      <ConsolePageFrame
        title={t('operator.pages.health')}
        extra={
          <Select
            value={days}
            onChange={setDays}
            options={[1, 7, 30, 90].map((value) => ({ value, label: t('operator.health.lastDays', { days: value }) }))}
          />
        }
      >
        <div className="op-stats">
          <Statistic title={t('operator.health.activeGroups')} value={data?.activeGroups ?? 0} />
          <Statistic
            title={t('operator.health.databaseSize')}
            value={`${((data?.databaseBytes ?? 0) / 1024 / 1024).toFixed(1)} MB`}
          />
          <Statistic
            title={t('operator.health.waiting')}
            value={(data?.queues ?? []).reduce((sum, q) => sum + q.waiting, 0)}
          />
          <Statistic
            title={t('operator.health.failed')}
            value={(data?.queues ?? []).reduce((sum, q) => sum + q.failed, 0)}
          />
        </div>
        <Table
          rowKey="name"
          size="small"
          loading={query.isFetching}
          dataSource={data?.queues}
          pagination={false}
          scroll={{ x: 620 }}
          columns={[
            { title: t('operator.health.queue'), dataIndex: 'name' },
            { title: t('operator.health.waiting'), dataIndex: 'waiting', width: 80 },
            { title: t('operator.health.active'), dataIndex: 'active', width: 80 },
            { title: t('operator.health.failed'), dataIndex: 'failed', width: 80 },
            { title: t('operator.health.retriedCol'), dataIndex: 'retried', width: 80 },
            { title: t('operator.health.completed'), dataIndex: 'completed', width: 90 },
          ]}
        />
      </ConsolePageFrame>
      <ConsolePageFrame title={t('operator.health.failedJobs')}>
        <Table
          rowKey="id"
          size="small"
          dataSource={data?.failedJobs}
          pagination={{ pageSize: 10 }}
          scroll={{ x: 760 }}
          columns={[
            { title: t('operator.health.queue'), dataIndex: 'name', width: 180 },
            {
              title: t('operator.health.error'),
              dataIndex: 'error',
              render: (text: string) => <Typography.Text type="danger">{text}</Typography.Text>,
            },
            { title: t('operator.health.retriedCol'), dataIndex: 'retryCount', width: 70 },
            { title: t('operator.health.failedAt'), dataIndex: 'failedAt', width: 130, render: at },
            {
              title: '',
              width: 80,
              render: (_, job) => (
                <Popconfirm title={t('operator.health.retryConfirm')} onConfirm={() => retry(job.id)}>
                  <Button size="small" type="primary">
                    {t('operator.health.retry')}
                  </Button>
                </Popconfirm>
              ),
            },
          ]}
        />
      </ConsolePageFrame>
      <ConsolePageFrame title={t('operator.health.reports')}>
        <Table
          rowKey="kind"
          size="small"
          dataSource={reportRows}
          pagination={false}
          scroll={{ x: 520 }}
          columns={[
            { title: t('operator.prices.kind'), dataIndex: 'kind', render: (kind: string) => KIND_NAMES[kind] ?? kind },
            ...['done', 'failed', 'queued', 'analysing'].map((status) => ({
              title: t(`operator.health.reportStatus.${status as 'done'}`),
              dataIndex: status,
              width: 80,
              render: (value?: number) => value ?? 0,
            })),
          ]}
        />
      </ConsolePageFrame>
      <ConsolePageFrame title={t('operator.health.imports')}>
        <Table
          rowKey={(row) => `${row.kind}-${row.status}`}
          size="small"
          dataSource={data?.imports}
          pagination={false}
          columns={[
            {
              title: t('operator.money.kind'),
              dataIndex: 'kind',
              render: (kind: string) => IMPORT_KINDS[kind] ?? kind,
            },
            {
              title: t('operator.money.state'),
              dataIndex: 'status',
              render: (status: string) => IMPORT_STATES[status] ?? status,
            },
            { title: t('operator.health.count'), dataIndex: 'count' },
          ]}
        />
      </ConsolePageFrame>
    </Space>
  );
}
