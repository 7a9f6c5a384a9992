import { useQuery } from '@tanstack/react-query';
import { Alert, Breadcrumb, Button, Card, Space, Statistic } from 'antd';
import { Link, useSearchParams } from 'react-router';
import { isApiError } from '../../../lib/http';
import { t } from '../../../locales';
import { DataChart } from '../../dataview/charts/DataChart';
import { DataViewFrame } from '../../dataview/components/DataViewFrame';
import { dataMapApi, type Labelled } from '../api';
import { barOption, lineOption, pieOption } from '../charts';
import { DataSourceNote } from '../components/DataSourceNote';
import { OpportunityFilters } from '../components/OpportunityFilters';
import { filterFromParams, paramsFromFilter, withArea } from '../filter-params';
import '../data-map.css';

const named = (items: Labelled[]) => items.map((item) => ({ name: item.label ?? item.name ?? '', value: item.count }));

/** /data-view/business_opportunity: rankings, trends and distributions of the companies a filter matches. */
export function BusinessOpportunityPage() {
  const [params, setParams] = useSearchParams();
  const filter = filterFromParams(params);
  const key = ['dataMap', 'opportunity', filter];
  const rankings = useQuery({
    queryKey: [...key, 'rankings'],
    queryFn: ({ signal }) => dataMapApi.rankings(filter, signal),
    retry: false,
  });
  const trends = useQuery({
    queryKey: [...key, 'trends'],
    queryFn: ({ signal }) => dataMapApi.trends(filter, signal),
    retry: false,
  });
  const distributions = useQuery({
    queryKey: [...key, 'distributions'],
    queryFn: ({ signal }) => dataMapApi.distributions(filter, signal),
    retry: false,
  });
  const go = (next: typeof filter) => setParams(paramsFromFilter(next));
  const error = rankings.error ?? trends.error ?? distributions.error;
  const r = rankings.data;
  const recentTotal = trends.data?.months.slice(-12).reduce((sum, item) => sum + item.count, 0);
  const query = paramsFromFilter(filter).toString();
  const drillable = r && filter.areaCode?.endsWith('00') !== false;
  const regionClick = {
    click: (event: unknown) => {
      const name = (event as { name?: string }).name;
      const region = r?.regions.find((item) => item.name === name);
      if (region && drillable && region.code !== filter.areaCode) go(withArea(filter, region.code));
    },
  };

  return (
    <DataViewFrame
      title={t('dataMap.routes.businessOpportunity')}
      subtitle={t('dataMap.opportunity.intro')}
      testId="business-opportunity-page"
      extra={
        <Space wrap>
          <Link to={`/data-view/map-search?${query}`}>
            <Button>{t('dataMap.opportunity.toMap')}</Button>
          </Link>
          <Link to={`/data-view/company-list?${query}`}>
            <Button type="primary">{t('dataMap.opportunity.toList')}</Button>
          </Link>
        </Space>
      }
    >
      <OpportunityFilters filter={filter} onChange={go} />
      {error && <Alert type="warning" showIcon message={isApiError(error) ? error.message : String(error)} />}
      <Breadcrumb
        className="tl-dm-crumbs"
        items={[{ code: null as string | null, name: t('dataMap.map.country') }, ...(r?.path ?? [])].map(
          (crumb, at, all) => ({
            title:
              at === all.length - 1 ? (
                crumb.name
              ) : (
                <Button type="link" size="small" onClick={() => go(withArea(filter, crumb.code))}>
                  {crumb.name}
                </Button>
              ),
          }),
        )}
      />
      <div className="tl-dm-tiles">
        <Card size="small">
          <Statistic
            title={t('dataMap.opportunity.total')}
            value={r?.total ?? '-'}
            suffix="家"
            data-testid="opportunity-total"
          />
        </Card>
        <Card size="small">
          <Statistic title={t('dataMap.opportunity.recent')} value={recentTotal ?? '-'} suffix="家" />
        </Card>
      </div>
      <div className="tl-dv-grid">
        <DataChart
          title={t('dataMap.opportunity.regionRanking')}
          option={r ? barOption(r.regions.map((item) => ({ name: item.name, value: item.count }))) : null}
          empty={r?.regions.length === 0}
          fileName="地区企业数排行"
          testId="ranking-regions"
          onEvents={regionClick}
        />
        <DataChart
          title={t('dataMap.opportunity.recentRanking')}
          option={r ? barOption(r.recentRegions.map((item) => ({ name: item.name, value: item.count }))) : null}
          empty={r?.recentRegions.length === 0}
          fileName="近12个月新设企业排行"
          testId="ranking-recent"
        />
        <DataChart
          title={t('dataMap.opportunity.monthTrend')}
          option={
            trends.data ? lineOption(trends.data.months.map((item) => ({ name: item.month, value: item.count }))) : null
          }
          fileName="近24个月新设企业"
          testId="trend-months"
        />
        <DataChart
          title={t('dataMap.opportunity.yearTrend')}
          option={
            trends.data
              ? barOption(
                  trends.data.years.map((item) => ({ name: String(item.year), value: item.count })),
                  false,
                )
              : null
          }
          fileName="近10年新设企业"
          testId="trend-years"
        />
        <DataChart
          title={t('dataMap.opportunity.industryRanking')}
          option={r ? barOption(r.industries.map((item) => ({ name: item.name, value: item.count }))) : null}
          empty={r?.industries.length === 0}
          fileName="行业企业数排行"
          testId="ranking-industries"
        />
        <DataChart
          title={t('dataMap.opportunity.capital')}
          option={distributions.data ? pieOption(named(distributions.data.capitalBands)) : null}
          empty={distributions.data?.total === 0}
          fileName="注册资本分布"
          testId="distribution-capital"
        />
        <DataChart
          title={t('dataMap.opportunity.registration')}
          option={distributions.data ? pieOption(named(distributions.data.registrations)) : null}
          empty={distributions.data?.total === 0}
          fileName="登记状态分布"
        />
        <DataChart
          title={t('dataMap.opportunity.taxpayer')}
          option={distributions.data ? pieOption(named(distributions.data.taxpayerTypes)) : null}
          empty={distributions.data?.total === 0}
          fileName="纳税人类型分布"
        />
        <DataChart
          title={t('dataMap.opportunity.risks')}
          option={
            distributions.data ? barOption(named(distributions.data.risks).filter((item) => item.value > 0)) : null
          }
          empty={distributions.data?.risks.every((item) => item.count === 0)}
          fileName="风险名单企业数"
          testId="distribution-risks"
        />
      </div>
      <DataSourceNote source={r?.source} asOf={r?.asOf} />
    </DataViewFrame>
  );
}
