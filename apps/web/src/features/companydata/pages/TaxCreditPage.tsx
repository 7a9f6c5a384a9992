import { useQuery } from '@tanstack/react-query';
import { Alert, Card, Descriptions, Empty, Input, List, Space, Tag, Typography } from 'antd';
import { useNavigate, useSearchParams } from 'react-router';
import { PageFrame } from '../../../components/PageFrame';
import { isApiError } from '../../../lib/http';
import { t } from '../../../locales';
import { companyDataApi } from '../api';
import { ProviderNote } from './ProviderNote';

/** /tax and /tax/list: search by name or code; each company with its A-level years and what the levels mean. */
export function TaxCreditPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const keyword = params.get('keyword') ?? '';
  const result = useQuery({
    queryKey: ['companyData', 'creditGrade', keyword],
    queryFn: ({ signal }) => companyDataApi.creditGrade(keyword, signal),
    enabled: keyword !== '',
    retry: false,
  });
  return (
    <PageFrame title={t('companyData.routes.tax')} subtitle={t('companyData.tax.intro')} testId="tax-credit-page">
      <Space direction="vertical" size="middle" style={{ width: '100%' }}>
        <Input.Search
          allowClear
          enterButton={t('companyData.search')}
          defaultValue={keyword}
          placeholder={t('companyData.searchPlaceholder')}
          maxLength={80}
          onSearch={(value) => navigate(`/tax/list?keyword=${encodeURIComponent(value.trim())}`)}
          data-testid="tax-search"
        />
        <ProviderNote />
        {result.error && (
          <Alert
            type="warning"
            showIcon
            message={isApiError(result.error) ? result.error.message : String(result.error)}
          />
        )}
        {result.data && result.data.list.length === 0 && <Empty description={t('companyData.empty')} />}
        {result.data?.list.map((item) => (
          <Card key={item.creditCode} size="small" title={item.name} data-testid="tax-result">
            <Descriptions size="small" column={{ xs: 1, md: 2 }}>
              <Descriptions.Item label={t('companyData.view.fields.creditCode')}>{item.creditCode}</Descriptions.Item>
              <Descriptions.Item label={t('companyData.view.fields.status')}>{item.statusText}</Descriptions.Item>
              <Descriptions.Item label={t('companyData.tax.aYears')}>
                {item.aYears.length > 0
                  ? item.aYears.map((year) => <Tag color="green" key={year}>{`${year}年度 A级`}</Tag>)
                  : t('companyData.tax.noA')}
              </Descriptions.Item>
              <Descriptions.Item label={t('companyData.tax.ratings')}>
                {item.ratings.map((rating) => `${rating.year}:${rating.level}`).join('，') || '-'}
              </Descriptions.Item>
            </Descriptions>
            <Typography.Text type="secondary">
              {t('companyData.sourceLine', { source: item.source, asOf: item.asOf })}
            </Typography.Text>
          </Card>
        ))}
        {result.data && (
          <Card size="small" title={t('companyData.tax.levels')}>
            <List
              size="small"
              dataSource={result.data.levels}
              renderItem={(item) => (
                <List.Item>
                  <Tag>{item.level}</Tag> {item.meaning}
                </List.Item>
              )}
            />
          </Card>
        )}
      </Space>
    </PageFrame>
  );
}
