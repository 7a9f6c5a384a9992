import { useQuery } from '@tanstack/react-query';
import { COMPANY_RISK_LOOKUPS, RISK_LABELS } from '@taxlens/shared';
import { Alert, Card, Tabs, Typography } from 'antd';
import { useNavigate, useSearchParams } from 'react-router';
import { isApiError } from '../../../lib/http';
import { t } from '../../../locales';
import { DataViewFrame } from '../../dataview/components/DataViewFrame';
import { dataMapApi } from '../api';
import { CompanyLinks } from '../components/CompanyHeader';
import { CompanyPicker } from '../components/CompanyPicker';
import { RiskRecordTable } from '../components/RiskRecordTable';

/** One risk look-up of the company (its own call of spec §7), a page at a time. */
function RiskTab({
  call,
  creditCode,
  page,
  onPage,
}: {
  call: string;
  creditCode: string;
  page: number;
  onPage: (page: number) => void;
}) {
  const lookup = useQuery({
    queryKey: ['dataMap', 'risk', call, creditCode, page],
    queryFn: ({ signal }) => dataMapApi.risk(call, creditCode, page, 10, signal),
    retry: false,
  });
  if (lookup.error) {
    return (
      <Alert type="warning" showIcon message={isApiError(lookup.error) ? lookup.error.message : String(lookup.error)} />
    );
  }
  return (
    <>
      {lookup.data && (
        <Typography.Text type="secondary" style={{ display: 'block', marginBottom: 8 }}>
          {t('dataMap.company.records', { count: lookup.data.total })} ·{' '}
          {t('dataMap.company.provider', { label: lookup.data.provider.label })}
        </Typography.Text>
      )}
      <RiskRecordTable
        rows={lookup.data?.list ?? []}
        loading={lookup.isFetching}
        total={lookup.data?.total ?? 0}
        page={page}
        onPage={onPage}
        testId={`risk-table-${call}`}
      />
    </>
  );
}

/** /data-view/company-risk: the 15 company-risk look-ups of spec §7, one tab each. */
export function CompanyRiskPage() {
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const creditCode = params.get('creditCode') ?? '';
  const call = params.get('call') ?? COMPANY_RISK_LOOKUPS[0]?.call ?? 'abnormalOperation';
  const page = Number(params.get('page') ?? 1);
  const company = useQuery({
    queryKey: ['dataMap', 'analysis', creditCode],
    queryFn: ({ signal }) => dataMapApi.analysis(creditCode, signal),
    enabled: creditCode !== '',
    retry: false,
  });
  if (!creditCode) {
    return (
      <DataViewFrame title={t('dataMap.routes.companyRisk')} testId="company-risk-page">
        <Alert type="info" showIcon message={t('dataMap.company.choose')} style={{ marginBottom: 12 }} />
        <CompanyPicker onPick={(code) => navigate(`/data-view/company-risk?creditCode=${code}`)} />
      </DataViewFrame>
    );
  }
  const counts = new Map(company.data?.riskCounts.map((item) => [item.kind, item.count]));
  const set = (next: { call?: string; page?: number }) =>
    setParams({
      creditCode,
      call: next.call ?? call,
      ...(next.page && next.page > 1 ? { page: String(next.page) } : {}),
    });
  return (
    <DataViewFrame
      title={company.data?.profile.name ?? t('dataMap.routes.companyRisk')}
      subtitle={t('dataMap.routes.companyRisk')}
      extra={<CompanyLinks creditCode={creditCode} />}
      testId="company-risk-page"
    >
      <Card size="small">
        <Tabs
          activeKey={call}
          onChange={(key) => set({ call: key })}
          data-testid="risk-tabs"
          items={COMPANY_RISK_LOOKUPS.map((lookup) => ({
            key: lookup.call,
            label: `${RISK_LABELS[lookup.kind]}${counts.has(lookup.kind) ? ` ${counts.get(lookup.kind)}` : ''}`,
            children:
              lookup.call === call ? (
                <RiskTab call={call} creditCode={creditCode} page={page} onPage={(next) => set({ page: next })} />
              ) : null,
          }))}
        />
      </Card>
    </DataViewFrame>
  );
}
