import { DownloadOutlined } from '@ant-design/icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  INDUSTRY_PERIODS,
  INDUSTRY_REPORT_TYPES,
  type IndustryQuery,
  type IndustryRankingRow,
  reportKindByReportType,
} from '@taxlens/shared';
import { App, Button, Card, Empty, Select, Space, Statistic, theme } from 'antd';
import { useMemo, useState } from 'react';
import { t } from '../../../locales';
import { LoadError } from '../../billing/components/LoadError';
import { DataChart } from '../charts/DataChart';
import { DataViewFrame } from '../components/DataViewFrame';
import { industryApi } from './api';
import { BenchmarkTable } from './BenchmarkTable';
import { FollowedIndustries } from './FollowedIndustries';
import { benchmarkOption, type LevelColors, rankingOption, trendOption } from './industry-charts';

type ReportTypeFilter = IndustryQuery['reportType'];
const ALL = 'ALL';

/** /data-view/industry: risk by industry over the user's clients, beside platform benchmarks, and trends. */
export function IndustryPage() {
  const { message } = App.useApp();
  const { token } = theme.useToken();
  const queryClient = useQueryClient();
  const [months, setMonths] = useState<number>(12);
  const [reportType, setReportType] = useState<ReportTypeFilter>();
  const [trendCode, setTrendCode] = useState<string | undefined>();
  const query: IndustryQuery = { months, ...(reportType ? { reportType } : {}) };
  const options = useQuery({ queryKey: ['industry', 'all'], queryFn: industryApi.all });
  const ranking = useQuery({ queryKey: ['industry', 'ranking', query], queryFn: () => industryApi.ranking(query) });
  // The trend follows the chosen industry, else the first followed one, else all industries.
  const followed = options.data?.filter((option) => option.followed) ?? [];
  const trendIndustry = trendCode === ALL ? undefined : (trendCode ?? followed[0]?.code);
  const trend = useQuery({
    queryKey: ['industry', 'trend', query, trendIndustry],
    queryFn: () => industryApi.trend({ ...query, ...(trendIndustry ? { industryCode: trendIndustry } : {}) }),
    enabled: options.isSuccess,
  });
  const onError = (error: Error) => message.error(error.message);
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['industry'] });
  const toggle = useMutation({
    mutationFn: (input: { code: string; follow: boolean }) =>
      input.follow ? industryApi.follow(input.code) : industryApi.unfollow(input.code),
    onSuccess: async (_, input) => {
      message.success(input.follow ? '已关注该行业' : '已取消关注');
      await refresh();
    },
    onError,
  });
  const exporting = useMutation({ mutationFn: () => industryApi.exportRanking(query), onError });

  const colors: LevelColors = {
    high: token.colorError,
    medium: token.colorWarning,
    low: token.colorInfo,
    none: token.colorSuccess,
    benchmark: token.colorTextTertiary,
  };
  const rows = useMemo(() => sortFollowedFirst(ranking.data?.rows ?? []), [ranking.data]);
  const reported = rows.reduce((sum, row) => sum + row.reportedCount, 0);
  const clients = rows.reduce((sum, row) => sum + row.clientCount, 0);
  const high = rows.reduce((sum, row) => sum + row.highCount, 0);
  const empty = ranking.isSuccess && reported === 0;
  const data = ranking.data;

  return (
    <DataViewFrame
      title={t('dataView.routes.industry')}
      subtitle="按国民经济行业门类汇总本人可见客户最新报告的风险，与平台同行业基准对比；平台基准只在足够多的机构参与时显示。"
      testId="data-view-industry"
      extra={
        <Button
          icon={<DownloadOutlined />}
          onClick={() => exporting.mutate()}
          loading={exporting.isPending}
          disabled={!data || data.rows.length === 0}
          data-testid="industry-export"
        >
          导出排行
        </Button>
      }
    >
      <Space wrap>
        <Select
          style={{ width: 140 }}
          value={months}
          onChange={setMonths}
          aria-label="统计期间"
          options={INDUSTRY_PERIODS.map((value) => ({ value, label: `近 ${value} 个月` }))}
          data-testid="industry-months"
        />
        <Select
          style={{ width: 220 }}
          value={reportType ?? ALL}
          onChange={(value: string) => setReportType(value === ALL ? undefined : (value as ReportTypeFilter))}
          aria-label="报告类型"
          options={[
            { value: ALL, label: '全部报告' },
            ...INDUSTRY_REPORT_TYPES.map((type) => ({
              value: type,
              label: reportKindByReportType(type)?.name ?? type,
            })),
          ]}
          data-testid="industry-report-type"
        />
        <FollowedIndustries
          options={options.data ?? []}
          pending={toggle.isPending}
          onFollow={(code) => toggle.mutate({ code, follow: true })}
          onUnfollow={(code) => toggle.mutate({ code, follow: false })}
        />
      </Space>
      {ranking.isError ? (
        <Card>
          <LoadError onRetry={() => ranking.refetch()} />
        </Card>
      ) : (
        <>
          <div className="tl-dv-stats" data-testid="industry-stats">
            <Card size="small" loading={ranking.isLoading}>
              <Statistic title="客户数" value={clients} />
            </Card>
            <Card size="small" loading={ranking.isLoading}>
              <Statistic title="有报告的客户" value={reported} />
            </Card>
            <Card size="small" loading={ranking.isLoading}>
              <Statistic
                title="高风险客户占比"
                value={reported === 0 ? '-' : ((high / reported) * 100).toFixed(1)}
                suffix={reported === 0 ? undefined : '%'}
              />
            </Card>
            <Card size="small" loading={ranking.isLoading}>
              <Statistic title="有平台基准的行业" value={rows.filter((row) => row.benchmark).length} />
            </Card>
          </div>
          {empty && (
            <Card data-testid="industry-empty">
              <Empty description={`近 ${months} 个月暂无客户报告：为客户生成报告后，这里按行业汇总风险。`} />
            </Card>
          )}
          <div className="tl-dv-grid">
            <DataChart
              title="行业风险排行（客户数）"
              fileName="行业风险排行"
              option={data ? rankingOption(data.rows, colors) : null}
              empty={empty}
              height={320}
              testId="industry-ranking-chart"
            />
            <DataChart
              title="高风险占比：本机构与平台基准"
              fileName="行业高风险占比对比"
              option={data ? benchmarkOption(data.rows, colors) : null}
              empty={empty}
              height={320}
              testId="industry-benchmark-chart"
            />
          </div>
          {trend.isError ? (
            <Card title="风险趋势（按月）" size="small">
              <LoadError compact onRetry={() => trend.refetch()} />
            </Card>
          ) : (
            <DataChart
              title="风险趋势（按月）"
              fileName="行业风险趋势"
              option={trend.data ? trendOption(trend.data, colors) : null}
              empty={trend.isSuccess && trend.data.points.every((point) => point.reports === 0)}
              height={300}
              testId="industry-trend-chart"
              extra={
                <Select
                  size="small"
                  style={{ width: 'min(180px, 36vw)' }}
                  value={trendIndustry ?? ALL}
                  onChange={setTrendCode}
                  aria-label="趋势行业"
                  options={[
                    { value: ALL, label: '全部行业' },
                    ...(options.data ?? []).map((option) => ({ value: option.code, label: option.name })),
                  ]}
                  data-testid="industry-trend-select"
                />
              }
            />
          )}
          <BenchmarkTable
            rows={rows}
            loading={ranking.isLoading}
            minGroups={data?.minGroups ?? 5}
            pendingCode={toggle.isPending ? toggle.variables?.code : undefined}
            onToggleFollow={(row) => toggle.mutate({ code: row.code, follow: !row.followed })}
          />
        </>
      )}
    </DataViewFrame>
  );
}

/** Followed industries first (the ranking order kept within each part); the rank column keeps the ranking. */
function sortFollowedFirst(rows: readonly IndustryRankingRow[]): IndustryRankingRow[] {
  return [...rows.filter((row) => row.followed), ...rows.filter((row) => !row.followed)];
}
