import { useQuery } from '@tanstack/react-query';
import { Alert, Breadcrumb, Button, Table, Typography } from 'antd';
import type { EChartsCoreOption } from 'echarts/core';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useThemeMode } from '../../../app/useAppTokens';
import { isApiError } from '../../../lib/http';
import { t } from '../../../locales';
import { DataChart } from '../../dataview/charts/DataChart';
import { DataViewFrame } from '../../dataview/components/DataViewFrame';
import { dataMapApi, type OpportunitySearch, type RegionCount } from '../api';
import { type LoadedMap, loadMap } from '../china-map';
import { DataSourceNote } from '../components/DataSourceNote';
import { OpportunityFilters } from '../components/OpportunityFilters';
import { OpportunityList } from '../components/OpportunityList';
import { filterFromParams, paramsFromFilter, withArea } from '../filter-params';
import '../data-map.css';

const PAGE_SIZE = 20;

/** The shapes of the area looked at, registered with ECharts once loaded. */
function useAreaMap(areaCode: string | null) {
  const [map, setMap] = useState<LoadedMap | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let live = true;
    setFailed(false);
    const loading = loadMap(areaCode);
    if (!loading) {
      setMap(null);
      return;
    }
    Promise.all([loading, import('../../dataview/charts/echarts-dataview')])
      .then(([loaded, { echarts }]) => {
        if (!echarts.getMap(loaded.mapName)) {
          echarts.registerMap(loaded.mapName, loaded.geoJson as Parameters<typeof echarts.registerMap>[1]);
        }
        if (live) setMap(loaded);
      })
      .catch(() => live && setFailed(true));
    return () => {
      live = false;
    };
  }, [areaCode]);
  return { map, failed };
}

function mapOption(map: LoadedMap, result: OpportunitySearch, dark: boolean): EChartsCoreOption {
  // A city or county has no shapes of its own in the package: its province map shows it alone.
  const rows: RegionCount[] =
    result.level === 'city' || result.level === 'county'
      ? [{ code: `${result.areaCode?.slice(0, 4)}00`, name: result.areaName, count: result.total }]
      : result.regions;
  const data = rows.map((row) => ({
    name: map.nameByCode.get(row.code) ?? row.name,
    value: row.count,
    code: row.code,
  }));
  const max = Math.max(1, ...data.map((item) => item.value));
  return {
    tooltip: { trigger: 'item', formatter: '{b}：{c} 家' },
    visualMap: {
      min: 0,
      max,
      left: 8,
      bottom: 8,
      calculable: true,
      text: [t('dataMap.map.more'), t('dataMap.map.less')],
      inRange: { color: dark ? ['#1d3557', '#2f80ed', '#9bd1ff'] : ['#e6f4ff', '#69b1ff', '#0958d9'] },
      textStyle: { color: dark ? '#c9d1d9' : '#333' },
    },
    series: [
      {
        type: 'map',
        map: map.mapName,
        roam: false,
        label: { show: false },
        emphasis: { label: { show: true } },
        itemStyle: { borderColor: dark ? '#0b1220' : '#fff', areaColor: dark ? '#1b2433' : '#f0f0f0' },
        data,
      },
    ],
  };
}

/** /data-view/map-search: matching companies on the China map, province → city → county. */
export function MapSearchPage() {
  const [params, setParams] = useSearchParams();
  const filter = filterFromParams(params);
  const page = Number(params.get('page') ?? 1);
  const areaCode = filter.areaCode ?? null;
  const search = useQuery({
    queryKey: ['dataMap', 'search', filter, page],
    queryFn: ({ signal }) => dataMapApi.search(filter, page, PAGE_SIZE, signal),
    retry: false,
  });
  const { map, failed } = useAreaMap(areaCode);
  const result = search.data;
  const go = (next: typeof filter, nextPage = 1) => {
    const query = paramsFromFilter(next);
    if (nextPage > 1) query.set('page', String(nextPage));
    setParams(query);
  };
  const drill = (code: string | undefined) => {
    if (!code || !result || result.level === 'county' || code === areaCode) return;
    go(withArea(filter, code));
  };
  const dark = useThemeMode() === 'dark';
  const option = map && result ? mapOption(map, result, dark) : null;
  const crumbs = [{ code: null as string | null, name: t('dataMap.map.country') }, ...(result?.path ?? [])];

  return (
    <DataViewFrame title={t('dataMap.routes.mapSearch')} subtitle={t('dataMap.map.intro')} testId="map-search-page">
      <OpportunityFilters filter={filter} onChange={(next) => go(next)} />
      {search.error && (
        <Alert
          type="warning"
          showIcon
          message={isApiError(search.error) ? search.error.message : String(search.error)}
        />
      )}
      <Breadcrumb
        className="tl-dm-crumbs"
        items={crumbs.map((crumb, at) => ({
          title:
            at === crumbs.length - 1 ? (
              crumb.name
            ) : (
              <Button type="link" size="small" onClick={() => go(withArea(filter, crumb.code))}>
                {crumb.name}
              </Button>
            ),
        }))}
      />
      <div className="tl-dm-map-row">
        <DataChart
          title={t('dataMap.map.title', { area: result?.areaName ?? '', total: result?.total ?? 0 })}
          option={failed ? null : option}
          empty={result?.total === 0}
          fileName={`商机地图_${result?.areaName ?? ''}`}
          height={460}
          testId="opportunity-map"
          onEvents={{
            click: (event) => {
              const item = event as { data?: { code?: string }; name?: string };
              drill(item.data?.code ?? (item.name ? map?.codeByName.get(item.name) : undefined));
            },
          }}
        />
        <div className="tl-dm-regions">
          <Typography.Title level={5}>{t('dataMap.map.regions', { area: result?.areaName ?? '' })}</Typography.Title>
          <Table<RegionCount>
            rowKey="code"
            size="small"
            pagination={false}
            scroll={{ y: 380 }}
            loading={search.isFetching}
            dataSource={result?.regions ?? []}
            data-testid="region-counts"
            columns={[
              {
                title: t('dataMap.map.region'),
                dataIndex: 'name',
                render: (name: string, row) =>
                  result?.level === 'county' ? (
                    name
                  ) : (
                    <Button type="link" size="small" onClick={() => drill(row.code)}>
                      {name}
                    </Button>
                  ),
              },
              { title: t('dataMap.map.count'), dataIndex: 'count', align: 'right', width: 100 },
            ]}
          />
          {result && result.unplaced > 0 && (
            <Typography.Text type="secondary">{t('dataMap.map.unplaced', { count: result.unplaced })}</Typography.Text>
          )}
        </div>
      </div>
      <DataSourceNote source={result?.source} asOf={result?.asOf} />
      <OpportunityList
        filter={filter}
        result={result}
        loading={search.isFetching}
        page={page}
        onPage={(next) => go(filter, next)}
      />
    </DataViewFrame>
  );
}
