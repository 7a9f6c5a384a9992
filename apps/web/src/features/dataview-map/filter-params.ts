import type { OpportunityFilter } from '@taxlens/shared';

/**
 * The map's filter lives in the address (?areaCode=440000&industries=I,F&…): the map search, the
 * business-opportunity page and the company list share it, and going back keeps it.
 */
const LIST_KEYS = ['industries', 'registrations', 'taxpayerTypes', 'riskKinds'] as const;
const TEXT_KEYS = ['areaCode', 'establishedFrom', 'establishedTo'] as const;
const NUMBER_KEYS = ['capitalMinWan', 'capitalMaxWan'] as const;

export function filterFromParams(params: URLSearchParams): OpportunityFilter {
  const filter: Record<string, unknown> = {};
  for (const key of TEXT_KEYS) {
    const value = params.get(key);
    if (value) filter[key] = value;
  }
  for (const key of LIST_KEYS) {
    const value = params.get(key);
    if (value) filter[key] = value.split(',').filter(Boolean);
  }
  for (const key of NUMBER_KEYS) {
    const value = params.get(key);
    if (value !== null && value !== '' && Number.isFinite(Number(value))) filter[key] = Number(value);
  }
  if (params.get('noRisk') === '1') filter.noRisk = true;
  return filter as OpportunityFilter;
}

export function paramsFromFilter(filter: OpportunityFilter): URLSearchParams {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(filter)) {
    if (value === undefined || value === null || value === '' || value === false) continue;
    if (Array.isArray(value)) {
      if (value.length > 0) params.set(key, value.join(','));
    } else params.set(key, value === true ? '1' : String(value));
  }
  return params;
}

export const withArea = (filter: OpportunityFilter, areaCode: string | null): OpportunityFilter => {
  const { areaCode: _old, ...rest } = filter;
  return areaCode ? { ...rest, areaCode } : rest;
};
