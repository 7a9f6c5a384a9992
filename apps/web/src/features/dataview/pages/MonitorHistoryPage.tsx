import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { MONITOR_KIND_LABELS, MONITOR_KINDS, type MonitoringEvent, type MonitorKindName } from '@taxlens/shared';
import { App, Badge, Button, DatePicker, Input, Select, Space, Switch, Table, Tag } from 'antd';
import type { Dayjs } from 'dayjs';
import { useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { t } from '../../../locales';
import { type EventFilters, monitorApi } from '../api';
import { DataChart } from '../charts/DataChart';
import { DataViewFrame } from '../components/DataViewFrame';

const PAGE_SIZE = 20;

/** /data-view/monitor/history: the risk events the monitoring found, filterable, with their source. */
export function MonitorHistoryPage() {
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [params] = useSearchParams();
  const monitoredId = Number(params.get('monitoredId')) || undefined;
  const [page, setPage] = useState(1);
  const [kind, setKind] = useState<MonitorKindName | undefined>();
  const [keyword, setKeyword] = useState('');
  const [range, setRange] = useState<[Dayjs | null, Dayjs | null] | null>(null);
  const [unread, setUnread] = useState(false);
  const filters: EventFilters = {
    page,
    size: PAGE_SIZE,
    kind,
    keyword: keyword || undefined,
    monitoredId,
    from: range?.[0]?.format('YYYY-MM-DD'),
    to: range?.[1]?.format('YYYY-MM-DD'),
    unread: unread || undefined,
  };
  const records = useQuery({ queryKey: ['monitor', 'records', filters], queryFn: () => monitorApi.records(filters) });
  const read = useMutation({
    mutationFn: () => monitorApi.read(),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['monitor'] }),
    onError: (error) => message.error(error.message),
  });
  const byKind = records.data?.byKind;
  const option = useMemo(
    () =>
      byKind
        ? {
            tooltip: { trigger: 'item' },
            legend: { bottom: 0 },
            series: [
              {
                type: 'pie',
                radius: ['40%', '68%'],
                data: byKind.map((row) => ({ name: row.label, value: row.count })),
              },
            ],
          }
        : null,
    [byKind],
  );
  const reset = () => setPage(1);

  return (
    <DataViewFrame
      title={t('dataView.routes.monitorHistory')}
      subtitle="每条记录注明发生日期与数据来源；按类型、企业、日期或未读筛选。"
      back={{ to: '/data-view/monitor', label: t('dataView.routes.monitor') }}
      testId="data-view-monitor-history"
      extra={
        <Button onClick={() => read.mutate()} loading={read.isPending}>
          全部标为已读
        </Button>
      }
    >
      <Space wrap>
        <Select
          allowClear
          placeholder="风险类型"
          style={{ width: 160 }}
          value={kind}
          onChange={(value) => {
            setKind(value);
            reset();
          }}
          options={MONITOR_KINDS.map((name) => ({ value: name, label: MONITOR_KIND_LABELS[name] }))}
          data-testid="history-kind"
        />
        <Input.Search
          allowClear
          placeholder="企业名称、信用代码或内容"
          style={{ width: 240 }}
          onSearch={(value) => {
            setKeyword(value.trim());
            reset();
          }}
        />
        <DatePicker.RangePicker
          value={range}
          onChange={(value) => {
            setRange(value);
            reset();
          }}
        />
        <Space>
          <Switch
            checked={unread}
            onChange={(value) => {
              setUnread(value);
              reset();
            }}
          />
          只看未读
        </Space>
      </Space>
      <DataChart
        title="风险变化按类型"
        fileName="监控风险变化按类型"
        option={option}
        empty={records.data?.total === 0}
        height={260}
        testId="history-chart"
      />
      <Table<MonitoringEvent>
        rowKey="id"
        size="middle"
        loading={records.isLoading}
        dataSource={records.data?.list ?? []}
        scroll={{ x: 960 }}
        data-testid="history-table"
        pagination={{ current: page, pageSize: PAGE_SIZE, total: records.data?.total ?? 0, onChange: setPage }}
        columns={[
          {
            title: '发生日期',
            dataIndex: 'happenedOn',
            width: 120,
            render: (value: string | null, row) => (
              <Badge dot={!row.read} offset={[6, 0]}>
                {value ?? '-'}
              </Badge>
            ),
          },
          { title: '企业', dataIndex: 'companyName', width: 200 },
          {
            title: '类型',
            dataIndex: 'kindLabel',
            width: 120,
            render: (label: string) => <Tag color="orange">{label}</Tag>,
          },
          {
            title: '变化',
            dataIndex: 'title',
            render: (title: string, row) => (
              <div>
                <div>{title}</div>
                {row.detail && <div style={{ opacity: 0.65, fontSize: 12 }}>{row.detail}</div>}
              </div>
            ),
          },
          { title: '数据来源', dataIndex: 'source', width: 240 },
        ]}
      />
    </DataViewFrame>
  );
}
