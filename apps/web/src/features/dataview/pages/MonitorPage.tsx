import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { MONITOR_KIND_LABELS, MONITOR_KINDS, type MonitoredCompany } from '@taxlens/shared';
import { App, Badge, Button, Card, Checkbox, Popconfirm, Space, Statistic, Table, Typography } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { t } from '../../../locales';
import { monitorApi } from '../api';
import { CompanyPicker } from '../components/CompanyPicker';
import { DataViewFrame } from '../components/DataViewFrame';
import { MonitorOpportunities } from '../components/MonitorOpportunities';

const PAGE_SIZE = 20;

/** /data-view/monitor: the group's monitored companies within its slots, their switches and news. */
export function MonitorPage() {
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [page, setPage] = useState(1);
  const [picked, setPicked] = useState<string[]>([]);
  const num = useQuery({ queryKey: ['monitor', 'num'], queryFn: ({ signal }) => monitorApi.num(signal) });
  const list = useQuery({
    queryKey: ['monitor', 'list', page],
    queryFn: () => monitorApi.list({ page, size: PAGE_SIZE }),
  });
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['monitor'] });
  const onError = (error: Error) => message.error(error.message);
  const join = useMutation({
    mutationFn: () => monitorApi.join(picked),
    onSuccess: async (result) => {
      message.success(result.added > 0 ? `已加入监控 ${result.added} 家企业` : '所选企业已在监控中');
      setPicked([]);
      await refresh();
    },
    onError,
  });
  const remove = useMutation({ mutationFn: (id: number) => monitorApi.remove([id]), onSuccess: refresh, onError });
  const toggle = useMutation({
    mutationFn: (input: { id: number; kind: MonitorKindArg; enabled: boolean }) =>
      monitorApi.setSwitch(input.id, input.kind, input.enabled),
    onSuccess: refresh,
    onError,
  });
  const check = useMutation({
    mutationFn: monitorApi.refresh,
    onSuccess: async (result) => {
      message.success(`已检查 ${result.checked} 家企业，新增 ${result.events} 条风险变化`);
      await refresh();
    },
    onError,
  });

  return (
    <DataViewFrame
      title={t('dataView.routes.monitor')}
      subtitle="加入监控的企业每小时与公示数据、本机构导入的数据比对一次，出现新增诉讼、经营异常、信用等级变化、税收违法案件或发票风险升级时提醒。"
      testId="data-view-monitor"
      extra={
        <Space wrap>
          <Button onClick={() => check.mutate()} loading={check.isPending}>
            立即检查
          </Button>
          <Link to="/data-view/monitor/history">
            <Button type="primary">监控记录</Button>
          </Link>
        </Space>
      }
    >
      <div className="tl-dv-stats">
        <Card size="small">
          <Statistic title="监控名额" value={num.data?.monitorSlots ?? '-'} />
        </Card>
        <Card size="small">
          <Statistic title="已监控" value={num.data?.used ?? '-'} />
        </Card>
        <Card size="small">
          <Statistic title="可用名额" value={num.data?.canUseMonitorNumber ?? '-'} data-testid="monitor-free" />
        </Card>
      </div>
      <Card size="small" title="加入监控">
        <Space.Compact style={{ width: '100%', display: 'flex' }}>
          <CompanyPicker value={picked} onChange={setPicked} />
          <Button type="primary" disabled={picked.length === 0} loading={join.isPending} onClick={() => join.mutate()}>
            加入监控
          </Button>
        </Space.Compact>
      </Card>
      <Table<MonitoredCompany>
        rowKey="id"
        size="middle"
        loading={list.isLoading}
        dataSource={list.data?.list ?? []}
        scroll={{ x: 980 }}
        data-testid="monitor-table"
        pagination={{ current: page, pageSize: PAGE_SIZE, total: list.data?.total ?? 0, onChange: setPage }}
        columns={[
          {
            title: '企业名称',
            dataIndex: 'companyName',
            fixed: 'left',
            width: 220,
            render: (name: string, row) => (
              <Space direction="vertical" size={0}>
                <Typography.Text strong>{name}</Typography.Text>
                <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                  {row.creditCode}
                </Typography.Text>
              </Space>
            ),
          },
          { title: '行业', dataIndex: 'industryName', width: 140 },
          {
            title: '监控内容',
            dataIndex: 'switches',
            width: 300,
            render: (switches: MonitorKindArg[], row) => (
              <Space wrap size={[8, 4]}>
                {MONITOR_KINDS.map((kind) => (
                  <Checkbox
                    key={kind}
                    checked={switches.includes(kind)}
                    onChange={(event) => toggle.mutate({ id: row.id, kind, enabled: event.target.checked })}
                  >
                    {MONITOR_KIND_LABELS[kind]}
                  </Checkbox>
                ))}
              </Space>
            ),
          },
          {
            title: '最新变化',
            dataIndex: 'latestEvent',
            width: 260,
            render: (latest: string | null, row) => (
              <Space>
                <Badge count={row.unreadCount} size="small" />
                <Typography.Text>{latest ?? '暂无变化'}</Typography.Text>
              </Space>
            ),
          },
          {
            title: '最近检查',
            dataIndex: 'lastCheckedAt',
            width: 170,
            render: (value: string | null) =>
              value ? new Date(value).toLocaleString('zh-CN', { hour12: false }) : '-',
          },
          {
            title: '操作',
            key: 'actions',
            width: 160,
            render: (_: unknown, row) => (
              <Space>
                <Link to={`/data-view/monitor/history?monitoredId=${row.id}`}>记录</Link>
                <Popconfirm
                  title="移出监控后释放名额，历史记录保留。确定移出？"
                  onConfirm={() => remove.mutate(row.id)}
                >
                  <Button type="link" danger size="small">
                    移出监控
                  </Button>
                </Popconfirm>
              </Space>
            ),
          },
        ]}
      />
      <MonitorOpportunities />
    </DataViewFrame>
  );
}

type MonitorKindArg = (typeof MONITOR_KINDS)[number];
