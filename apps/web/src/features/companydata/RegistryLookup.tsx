import { useQuery } from '@tanstack/react-query';
import { REGIONS } from '@taxlens/shared';
import { AutoComplete, Form, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { isApiError } from '../../lib/http';
import { t } from '../../locales';
import { companyDataApi, type RegistryProfile } from './api';

/** The fields of the bind form a registry record fills (names as in the company form). */
export interface RegistryFill {
  taxpayerName: string;
  taxNo: string;
  legalPerson?: string;
  address?: string;
  regionCode?: string;
  industryCode?: string;
  industryName?: string;
  taxpayerType?: 'general' | 'small_scale';
}

/** The form's region is the tax-bureau region: the 计划单列市 itself, else the province. */
function taxRegionOf(code: string | null): string | undefined {
  if (!code) return undefined;
  const codes = new Set<string>(REGIONS.map((region) => region.code));
  return [code, `${code.slice(0, 4)}00`, `${code.slice(0, 2)}0000`].find((candidate) => codes.has(candidate));
}

export function fillOf(profile: RegistryProfile): RegistryFill {
  const section = profile.industryCode?.[0];
  return {
    taxpayerName: profile.name,
    taxNo: profile.creditCode,
    ...(profile.legalRep ? { legalPerson: profile.legalRep } : {}),
    ...(profile.address ? { address: profile.address } : {}),
    ...(taxRegionOf(profile.regionCode) ? { regionCode: taxRegionOf(profile.regionCode) } : {}),
    ...(section && /[A-T]/.test(section) ? { industryCode: section } : {}),
    ...(profile.industryName ? { industryName: profile.industryName } : {}),
    ...(profile.taxpayerType ? { taxpayerType: profile.taxpayerType } : {}),
  };
}

/**
 * 查询工商信息 in the bind dialog (findFirm3Elements): type a name, pinyin initials or a credit code,
 * pick the company, and the form takes its name, code, legal representative, address, region and
 * industry as registered. The provider and the data's date are shown under the box.
 */
export function RegistryLookup({ onPick }: { onPick: (fill: RegistryFill) => void }) {
  const [typed, setTyped] = useState('');
  const [keyword, setKeyword] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setKeyword(typed.trim()), 300);
    return () => clearTimeout(timer);
  }, [typed]);
  const lookup = useQuery({
    queryKey: ['companyData', 'threeElements', keyword],
    queryFn: ({ signal }) => companyDataApi.threeElements(keyword, signal),
    enabled: [...keyword].length >= 2,
    retry: false,
  });
  const list = lookup.data?.list ?? [];
  const first = list[0];
  const help = lookup.error
    ? isApiError(lookup.error)
      ? lookup.error.msg
      : String(lookup.error)
    : first
      ? t('companyData.lookup.source', { label: lookup.data?.provider.label ?? '', asOf: first.asOf })
      : t('companyData.lookup.hint');
  return (
    <Form.Item label={t('companyData.lookup.label')} extra={<Typography.Text type="secondary">{help}</Typography.Text>}>
      <AutoComplete
        value={typed}
        onChange={setTyped}
        placeholder={t('companyData.searchPlaceholder')}
        data-testid="registry-lookup"
        notFoundContent={
          lookup.isFetching ? t('companyData.lookup.searching') : keyword.length >= 2 ? t('companyData.empty') : null
        }
        options={list.map((profile) => ({
          value: profile.creditCode,
          label: (
            <div data-testid="registry-option">
              <div>{profile.name}</div>
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                {profile.creditCode} · {profile.legalRep ?? '-'} · {profile.statusText}
              </Typography.Text>
            </div>
          ),
        }))}
        onSelect={(code: string) => {
          const profile = list.find((item) => item.creditCode === code);
          if (!profile) return;
          setTyped(profile.name);
          onPick(fillOf(profile));
        }}
      />
    </Form.Item>
  );
}
