import { InfoCircleOutlined } from '@ant-design/icons';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { type ClientAnalysis, REPORT_KINDS, STALE_DAYS_DEFAULT } from '@taxlens/shared';
import { Button, Card, DatePicker, Result, Select, Statistic, Tooltip, theme } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { type ReactNode, useMemo, useState } from 'react';
import { t } from '../../../locales';
import { DataChart } from '../charts/DataChart';
import { DataViewFrame } from '../components/DataViewFrame';
import { type ClientFilter, clientApi } from './api';
import { ClientEmpty, NoReportsNotice } from './ClientEmpty';
import { byKindOption, byMonthOption, riskLevelOption, topRisksOption } from './charts';
import { StaffTable } from './StaffTable';
import { StaleClientsTable } from './StaleClientsTable';
import './client.css';

const STALE_CHOICES = [30, 60, 90, 180, 365];
const lastYear = (): [Dayjs, Dayjs] => [dayjs().subtract(11, 'month').startOf('month'), dayjs().startOf('month')];

function withHint(title: string, hint: string): ReactNode {
  return (
    <span>
      {title}{' '}
      <Tooltip title={hint}>
        <InfoCircleOutlined aria-label={hint} />
      </Tooltip>
    </span>
  );
}

/** /data-view/user: the firm's client portfolio over the clients this user may see (issue 14). */
export function ClientAnalysisPage() {
  const { token } = theme.useToken();
  const [range, setRange] = useState<[Dayjs, Dayjs]>(lastYear);
  const [reportType, setReportType] = useState<string>();
  const [assigneeId, setAssigneeId] = useState<number>();
  const [staleDays, setStaleDays] = useState(STALE_DAYS_DEFAULT);
  const filter = useMemo<ClientFilter>(
    () => ({ from: range[0].format('YYYY-MM'), to: range[1].format('YYYY-MM'), reportType, assigneeId, staleDays }),
    [range, reportType, assigneeId, staleDays],
  );
  const analysis = useQuery({
    queryKey: ['dataClient', 'analysis', filter],
    queryFn: ({ signal }) => clientApi.analysis(filter, signal),
    placeholderData: keepPreviousData,
  });
  // The assignee choices come from the unfiltered answer (cached when the page first loaded).
  const everyone = useQuery({
    queryKey: ['dataClient', 'analysis', { ...filter, assigneeId: undefined }],
    queryFn: ({ signal }) => clientApi.analysis({ ...filter, assigneeId: undefined }, signal),
    enabled: assigneeId !== undefined,
    placeholderData: keepPreviousData,
  });
  const data: ClientAnalysis | undefined = analysis.data;
  const staffOptions = ((assigneeId === undefined ? data : everyone.data)?.byStaff ?? [])
    .filter((row) => row.assigneeId !== null)
    .map((row) => ({ value: row.assigneeId as number, label: row.name }));
  const options = useMemo(
    () =>
      data
        ? {
            risk: riskLevelOption(data, token),
            month: byMonthOption(data),
            kind: byKindOption(data),
            top: topRisksOption(data, token),
          }
        : null,
    [data, token],
  );
  const reset = () => {
    setRange(lastYear());
    setReportType(undefined);
    setAssigneeId(undefined);
    setStaleDays(STALE_DAYS_DEFAULT);
  };

  const filters = (
    <div className="tl-dv-client-filters" data-testid="client-filters">
      <DatePicker.RangePicker
        picker="month"
        allowClear={false}
        value={range}
        aria-label={t('dataClient.filters.period')}
        disabledDate={(day) => day.isAfter(dayjs(), 'month')}
        onChange={(value) => value?.[0] && value[1] && setRange([value[0], value[1]])}
        data-testid="client-period"
      />
      <Select
        allowClear
        placeholder={t('dataClient.filters.allKinds')}
        aria-label={t('dataClient.filters.kind')}
        value={reportType}
        onChange={setReportType}
        options={REPORT_KINDS.map((kind) => ({ value: kind.reportType, label: kind.name }))}
        style={{ minWidth: 200 }}
        data-testid="client-kind"
      />
      <Select
        allowClear
        showSearch
        optionFilterProp="label"
        placeholder={t('dataClient.filters.allStaff')}
        aria-label={t('dataClient.filters.staff')}
        value={assigneeId}
        onChange={setAssigneeId}
        options={staffOptions}
        style={{ minWidth: 140 }}
        data-testid="client-staff-filter"
      />
      <Select
        value={staleDays}
        onChange={setStaleDays}
        options={STALE_CHOICES.map((days) => ({ value: days, label: t('dataClient.filters.staleDays', { days }) }))}
        style={{ minWidth: 180 }}
        data-testid="client-stale-days"
      />
      <Button onClick={reset}>{t('dataClient.filters.reset')}</Button>
    </div>
  );

  let body: ReactNode;
  if (analysis.isError && !data) {
    body = (
      <Result
        status="warning"
        title={t('dataClient.loadFailed')}
        subTitle={analysis.error.message}
        extra={
          <Button onClick={() => analysis.refetch()} data-testid="client-retry">
            {t('dataClient.retry')}
          </Button>
        }
        data-testid="client-error"
      />
    );
  } else if (data && data.summary.clients === 0 && assigneeId === undefined) {
    body = <ClientEmpty />;
  } else {
    const stat = (key: keyof ClientAnalysis['summary'], extra?: ReactNode) => (
      <Card size="small" key={key}>
        <Statistic title={t(`dataClient.stats.${key}`)} value={data ? data.summary[key] : '-'} suffix={extra} />
      </Card>
    );
    body = (
      <>
        {analysis.isError && <Result status="warning" title={analysis.error.message} />}
        <div className="tl-dv-stats" data-testid="client-stats">
          {stat('clients')}
          {stat('reportedClients')}
          {stat('reports')}
          {stat('highRiskClients')}
          {stat('staleClients')}
          {stat('neverImported')}
        </div>
        {data && data.summary.reports === 0 && <NoReportsNotice />}
        <div className="tl-dv-grid">
          <DataChart
            title={withHint(t('dataClient.charts.riskLevels'), t('dataClient.charts.riskLevelsHint'))}
            fileName={t('dataClient.charts.riskLevels')}
            option={options?.risk ?? null}
            empty={data?.summary.clients === 0}
            testId="client-chart-risk"
          />
          <DataChart
            title={t('dataClient.charts.byMonth')}
            fileName={t('dataClient.charts.byMonth')}
            option={options?.month ?? null}
            empty={data?.summary.reports === 0}
            testId="client-chart-month"
          />
          <DataChart
            title={t('dataClient.charts.byKind')}
            fileName={t('dataClient.charts.byKind')}
            option={options?.kind ?? null}
            empty={data?.summary.reports === 0}
            testId="client-chart-kind"
          />
          <DataChart
            title={withHint(t('dataClient.charts.topRisks'), t('dataClient.charts.topRisksHint'))}
            fileName={t('dataClient.charts.topRisks')}
            option={options?.top ?? null}
            empty={data?.topRisks.length === 0}
            testId="client-chart-top"
          />
        </div>
        <StaleClientsTable filter={filter} />
        <StaffTable rows={data?.byStaff ?? []} filter={filter} loading={analysis.isFetching} onPick={setAssigneeId} />
      </>
    );
  }

  return (
    <DataViewFrame title={t('dataView.routes.user')} subtitle={t('dataClient.subtitle')} testId="data-view-user">
      {filters}
      {body}
    </DataViewFrame>
  );
}
