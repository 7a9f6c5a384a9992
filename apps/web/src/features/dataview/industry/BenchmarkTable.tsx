import { StarFilled, StarOutlined } from '@ant-design/icons';
import type { IndustryRankingRow } from '@taxlens/shared';
import { Button, Grid, Table, Tag, Tooltip, Typography, theme } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { ReactNode } from 'react';

const INSUFFICIENT = '样本不足';

/** The group's figure over the platform's (or 样本不足), stacked so the pair reads together. */
function Pair({ own, platform, testId }: { own: ReactNode; platform: ReactNode | null; testId?: string }) {
  const { token } = theme.useToken();
  return (
    <div data-testid={testId}>
      <div>{own}</div>
      <div style={{ color: token.colorTextSecondary, fontSize: token.fontSizeSM }}>
        平台 {platform ?? <span data-testid="benchmark-insufficient">{INSUFFICIENT}</span>}
      </div>
    </div>
  );
}

const pct = (value: number) => `${value.toFixed(1)}%`;

export interface BenchmarkTableProps {
  rows: readonly IndustryRankingRow[];
  loading: boolean;
  minGroups: number;
  /** Follow / unfollow an industry (not offered for 未分类). */
  onToggleFollow: (row: IndustryRankingRow) => void;
  pendingCode?: string | undefined;
}

/** The ranking with the platform benchmark beside each figure, followed industries marked. */
export function BenchmarkTable({ rows, loading, minGroups, onToggleFollow, pendingCode }: BenchmarkTableProps) {
  const { token } = theme.useToken();
  // Fixed columns would fill a phone's width and leave no room to scroll the figures.
  const wide = Grid.useBreakpoint().md === true;
  const pin = wide ? ('left' as const) : undefined;
  const columns: ColumnsType<IndustryRankingRow> = [
    { title: '排名', dataIndex: 'rank', width: 56, fixed: pin },
    {
      title: '行业门类',
      dataIndex: 'name',
      width: wide ? 200 : 150,
      fixed: pin,
      render: (name: string, row) => (
        <span>
          {row.code !== '-' && (
            <Button
              type="text"
              size="small"
              aria-label={row.followed ? `取消关注${name}` : `关注${name}`}
              loading={pendingCode === row.code}
              icon={row.followed ? <StarFilled style={{ color: token.colorWarning }} /> : <StarOutlined />}
              onClick={() => onToggleFollow(row)}
              data-testid={`follow-${row.code}`}
            />
          )}
          {name}
        </span>
      ),
    },
    {
      title: '客户数',
      dataIndex: 'clientCount',
      width: 110,
      render: (count: number, row) => (
        <Tooltip title="有报告的客户 / 客户总数">
          {row.reportedCount} / {count}
        </Tooltip>
      ),
    },
    {
      title: '高风险占比',
      dataIndex: 'highShare',
      width: 130,
      sorter: (a, b) => a.highShare - b.highShare,
      render: (value: number, row) => (
        <Pair
          own={<Typography.Text type={value > 0 ? 'danger' : undefined}>{pct(value)}</Typography.Text>}
          platform={row.benchmark ? pct(row.benchmark.highShare) : null}
          testId={`high-${row.code}`}
        />
      ),
    },
    {
      title: '中风险占比',
      dataIndex: 'mediumShare',
      width: 130,
      sorter: (a, b) => a.mediumShare - b.mediumShare,
      render: (value: number, row) => (
        <Pair own={pct(value)} platform={row.benchmark ? pct(row.benchmark.mediumShare) : null} />
      ),
    },
    {
      title: '低风险占比',
      dataIndex: 'lowShare',
      width: 130,
      render: (value: number, row) => (
        <Pair own={pct(value)} platform={row.benchmark ? pct(row.benchmark.lowShare) : null} />
      ),
    },
    {
      title: '平均风险项',
      dataIndex: 'avgFindings',
      width: 130,
      sorter: (a, b) => a.avgFindings - b.avgFindings,
      render: (value: number, row) => (
        <Pair own={value.toFixed(2)} platform={row.benchmark ? row.benchmark.avgFindings.toFixed(2) : null} />
      ),
    },
    {
      title: '高频风险项',
      dataIndex: 'topRiskItems',
      width: 320,
      render: (items: IndustryRankingRow['topRiskItems']) =>
        items.length === 0
          ? '-'
          : items.map((item) => (
              <Tag key={item.title} style={{ marginBlock: 2, whiteSpace: 'normal', maxWidth: '100%' }}>
                {item.title}（{item.clients}）
              </Tag>
            )),
    },
  ];
  return (
    <Table<IndustryRankingRow>
      rowKey="code"
      size="middle"
      loading={loading}
      dataSource={[...rows]}
      columns={columns}
      pagination={false}
      scroll={{ x: 1200 }}
      data-testid="industry-table"
      footer={() => (
        <Typography.Text type="secondary">
          平台基准为各参与机构同行业数据的平均值，至少 {minGroups} 家机构参与才显示，否则显示“{INSUFFICIENT}
          ”；不含任何单一机构的数据。
        </Typography.Text>
      )}
    />
  );
}
