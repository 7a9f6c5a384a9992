import { useQuery } from '@tanstack/react-query';
import { Select, Space } from 'antd';
import { http } from '../../../lib/http';
import { t } from '../../../locales';

interface Division {
  xzqhszDm: string;
  xzqhmc: string;
}

const divisions = (path: string, params: Record<string, string>, signal?: AbortSignal) =>
  http.get<Division[]>(path, { params, signal });

export interface RegionValue {
  province?: string;
  city?: string;
  area?: string;
}

/** The narrowest chosen GB/T 2260 code: county, else city, else province. */
export const regionCodeOf = (value: RegionValue) => value.area ?? value.city ?? value.province;

/** Province → city → county selects over the GB/T 2260 look-ups (XlbakDmXzqh). */
export function RegionPicker({
  value = {},
  onChange,
}: {
  value?: RegionValue;
  onChange?: (next: RegionValue) => void;
}) {
  const provinces = useQuery({
    queryKey: ['regions', 'provinces'],
    queryFn: ({ signal }) => divisions('/XlbakDmXzqh/findProvinceList', {}, signal),
    staleTime: Number.POSITIVE_INFINITY,
  });
  const cities = useQuery({
    queryKey: ['regions', 'cities', value.province],
    queryFn: ({ signal }) => divisions('/XlbakDmXzqh/findCityList', { provinceCode: value.province ?? '' }, signal),
    enabled: Boolean(value.province),
    staleTime: Number.POSITIVE_INFINITY,
  });
  const areas = useQuery({
    queryKey: ['regions', 'areas', value.city],
    queryFn: ({ signal }) => divisions('/XlbakDmXzqh/findAreaList', { cityCode: value.city ?? '' }, signal),
    enabled: Boolean(value.city),
    staleTime: Number.POSITIVE_INFINITY,
  });
  const options = (items?: Division[]) => (items ?? []).map((item) => ({ value: item.xzqhszDm, label: item.xzqhmc }));
  return (
    <Space.Compact block>
      <Select
        allowClear
        showSearch
        optionFilterProp="label"
        placeholder={t('toker.search.province')}
        value={value.province}
        options={options(provinces.data)}
        onChange={(province?: string) => onChange?.({ province })}
        style={{ width: '34%' }}
        data-testid="toker-province"
      />
      <Select
        allowClear
        showSearch
        optionFilterProp="label"
        placeholder={t('toker.search.city')}
        value={value.city}
        disabled={!value.province}
        options={options(cities.data)}
        onChange={(city?: string) => onChange?.({ province: value.province, city })}
        style={{ width: '33%' }}
        data-testid="toker-city"
      />
      <Select
        allowClear
        showSearch
        optionFilterProp="label"
        placeholder={t('toker.search.area')}
        value={value.area}
        disabled={!value.city}
        options={options(areas.data)}
        onChange={(area?: string) => onChange?.({ ...value, area })}
        style={{ width: '33%' }}
        data-testid="toker-area"
      />
    </Space.Compact>
  );
}
