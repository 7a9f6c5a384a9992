import { useQuery } from '@tanstack/react-query';
import { Alert } from 'antd';
import { useSearchParams } from 'react-router';
import { isApiError } from '../../../lib/http';
import { t } from '../../../locales';
import { DataViewFrame } from '../../dataview/components/DataViewFrame';
import { dataMapApi } from '../api';
import { DataSourceNote } from '../components/DataSourceNote';
import { OpportunityFilters } from '../components/OpportunityFilters';
import { OpportunityList } from '../components/OpportunityList';
import { filterFromParams, paramsFromFilter } from '../filter-params';
import '../data-map.css';

/** /data-view/company-list: the companies a map filter matches (when few enough to list), with export. */
export function CompanyListPage() {
  const [params, setParams] = useSearchParams();
  const filter = filterFromParams(params);
  const page = Number(params.get('page') ?? 1);
  const search = useQuery({
    queryKey: ['dataMap', 'search', filter, page],
    queryFn: ({ signal }) => dataMapApi.search(filter, page, 20, signal),
    retry: false,
  });
  const go = (next: typeof filter, nextPage = 1) => {
    const query = paramsFromFilter(next);
    if (nextPage > 1) query.set('page', String(nextPage));
    setParams(query);
  };
  const area = search.data?.path.map((item) => item.name).join(' / ') || t('dataMap.map.country');
  return (
    <DataViewFrame title={t('dataMap.routes.companyList')} subtitle={area} testId="company-list-page">
      <OpportunityFilters filter={filter} onChange={(next) => go(next)} />
      {search.error && (
        <Alert
          type="warning"
          showIcon
          message={isApiError(search.error) ? search.error.message : String(search.error)}
        />
      )}
      <OpportunityList
        filter={filter}
        result={search.data}
        loading={search.isFetching}
        page={page}
        onPage={(next) => go(filter, next)}
      />
      <DataSourceNote source={search.data?.source} asOf={search.data?.asOf} />
    </DataViewFrame>
  );
}
