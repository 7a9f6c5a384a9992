import { useQuery } from '@tanstack/react-query';
import { Input, List, Typography } from 'antd';
import { useState } from 'react';
import { t } from '../../../locales';
import { dataMapApi } from '../api';

/** A search box and its hits; choosing one hands its credit code back (company pages without a company yet). */
export function CompanyPicker({ onPick }: { onPick: (creditCode: string) => void }) {
  const [keyword, setKeyword] = useState('');
  const hits = useQuery({
    queryKey: ['dataMap', 'companySearch', keyword],
    queryFn: ({ signal }) => dataMapApi.searchCompanies(keyword, signal),
    enabled: keyword.trim().length >= 2,
    retry: false,
  });
  return (
    <div data-testid="company-picker">
      <Input.Search
        allowClear
        enterButton={t('dataMap.company.search')}
        placeholder={t('dataMap.company.keyword')}
        maxLength={80}
        style={{ maxWidth: 520 }}
        onSearch={(value) => setKeyword(value.trim())}
        data-testid="company-keyword"
      />
      {hits.data && (
        <>
          <Typography.Text type="secondary" style={{ display: 'block', margin: '8px 0' }}>
            {t('dataMap.company.provider', { label: hits.data.provider.label })}
          </Typography.Text>
          <List
            size="small"
            dataSource={hits.data.list}
            locale={{ emptyText: t('dataMap.company.noRecord') }}
            renderItem={(hit) => (
              <List.Item
                data-testid="company-hit"
                style={{ cursor: 'pointer' }}
                onClick={() => onPick(hit.creditCode)}
                extra={<Typography.Text type="secondary">{hit.statusText}</Typography.Text>}
              >
                <List.Item.Meta
                  title={hit.name}
                  description={`${hit.creditCode} · ${hit.legalRep ?? '-'} · ${hit.establishedOn ?? '-'}`}
                />
              </List.Item>
            )}
          />
        </>
      )}
      {hits.error && <Typography.Text type="danger">{String((hits.error as Error).message)}</Typography.Text>}
    </div>
  );
}
