import { useQuery } from '@tanstack/react-query';
import { REGIONS, regionName } from '@taxlens/shared';
import { Alert, Button, Form, Input, InputNumber, List, Select, Space, Tag } from 'antd';
import type { ReactNode } from 'react';
import { Link, useLocation, useSearchParams } from 'react-router';
import { PageFrame, type PageFrameProps } from '../../../components/PageFrame';
import { isApiError } from '../../../lib/http';
import { t } from '../../../locales';
import { Highlight } from '../Highlight';
import { type PolicyFilters, type PolicyHit, policyLibraryApi } from '../policy-api';
import { useKeptScroll } from '../useKeptScroll';

export const STATUS_COLORS = { 有效: 'green', 失效: 'default', 部分失效: 'orange' } as const;
const PAGE_SIZE = 20;
const NATIONAL = '000000';
const REGION_OPTIONS = [
  { value: NATIONAL, label: '全国' },
  ...REGIONS.map((region) => ({ value: region.code, label: region.name })),
];

/**
 * /policy and /policy2: the tax policy library. Which one a group sees follows
 * taxLawPolicyDatabasePermission (routes.ts); the server decides what a search reaches (titles,
 * 文号 and summaries, or the full text). Filters live in the address, so going back keeps them.
 */
export function PolicyLibraryPage({
  version,
  Frame = PageFrame,
  detailPath = '/policy/detail',
}: {
  version: 'policy' | 'policy2';
  /** The data view shows the same library in its own dark frame (/data-view/policy). */
  Frame?: (props: PageFrameProps) => ReactNode;
  detailPath?: string;
}) {
  const [params, setParams] = useSearchParams();
  const filters: PolicyFilters = {
    keyword: params.get('keyword') ?? undefined,
    taxKind: params.get('taxKind') ?? undefined,
    status: params.get('status') ?? undefined,
    year: params.get('year') ? Number(params.get('year')) : undefined,
    region: params.get('region') ?? undefined,
  };
  const page = Number(params.get('page') ?? 1);
  const kinds = useQuery({ queryKey: ['policy', 'kinds'], queryFn: ({ signal }) => policyLibraryApi.taxKinds(signal) });
  const hits = useQuery({
    queryKey: ['policy', 'list', filters, page],
    queryFn: ({ signal }) => policyLibraryApi.list({ ...filters, page, size: PAGE_SIZE }, signal),
    retry: false,
  });
  const search = (next: PolicyFilters, nextPage = 1) => {
    const entries = Object.entries({ ...next, page: nextPage > 1 ? nextPage : undefined }).filter(
      ([, value]) => value !== undefined && value !== null && value !== '',
    );
    setParams(new URLSearchParams(entries.map(([key, value]) => [key, String(value)])));
  };
  const keyword = hits.data?.keyword ?? null;
  const location = useLocation();
  useKeptScroll(`${location.pathname}${location.search}`, hits.data !== undefined);

  return (
    <Frame
      title={t(version === 'policy2' ? 'policy.routes.policy2' : 'policy.routes.policy')}
      subtitle={t(version === 'policy2' ? 'policy.library.fullIntro' : 'policy.library.basicIntro')}
      testId={`${version}-page`}
      extra={<Link to="/guide-page/policy">{t('policy.guide.link')}</Link>}
    >
      <Form<PolicyFilters>
        layout="inline"
        initialValues={filters}
        onFinish={(values) => search(values)}
        style={{ rowGap: 8, marginBottom: 16 }}
      >
        <Form.Item name="keyword">
          <Input.Search
            allowClear
            enterButton={t('policy.library.search')}
            placeholder={t('policy.library.keyword')}
            maxLength={50}
            style={{ width: 'min(360px, 86vw)' }}
            onSearch={(value) => search({ ...filters, keyword: value || undefined })}
            data-testid="policy-keyword"
          />
        </Form.Item>
        <Form.Item name="taxKind">
          <Select
            allowClear
            style={{ width: 140 }}
            placeholder={t('policy.library.taxKind')}
            options={(kinds.data ?? []).map((kind) => ({ value: kind, label: kind }))}
          />
        </Form.Item>
        <Form.Item name="status">
          <Select
            allowClear
            style={{ width: 120 }}
            placeholder={t('policy.library.status')}
            options={Object.keys(STATUS_COLORS).map((status) => ({ value: status, label: status }))}
          />
        </Form.Item>
        <Form.Item name="region">
          <Select
            allowClear
            showSearch
            optionFilterProp="label"
            style={{ width: 150 }}
            placeholder={t('policy.library.region')}
            options={REGION_OPTIONS}
            data-testid="policy-region"
          />
        </Form.Item>
        <Form.Item name="year">
          <InputNumber min={1950} max={2100} placeholder={t('policy.library.year')} />
        </Form.Item>
        <Form.Item>
          <Button htmlType="submit">{t('policy.library.filter')}</Button>
        </Form.Item>
      </Form>
      {hits.error && (
        <Alert type="warning" showIcon message={isApiError(hits.error) ? hits.error.message : String(hits.error)} />
      )}
      <List<PolicyHit>
        loading={hits.isFetching}
        dataSource={hits.data?.list ?? []}
        locale={{ emptyText: t('policy.library.empty') }}
        pagination={{
          current: page,
          pageSize: PAGE_SIZE,
          total: hits.data?.total ?? 0,
          showSizeChanger: false,
          onChange: (next) => search(filters, next),
          showTotal: (total) =>
            hits.data?.totalExact === false
              ? t('policy.library.totalAbout', { total })
              : t('policy.library.total', { total }),
        }}
        renderItem={(item) => (
          <List.Item data-testid="policy-hit">
            <List.Item.Meta
              title={
                <Space wrap size={6}>
                  <Link to={`${detailPath}?id=${item.id}${keyword ? `&keyword=${encodeURIComponent(keyword)}` : ''}`}>
                    <Highlight text={item.title} keyword={keyword} />
                  </Link>
                  <Tag color={STATUS_COLORS[item.status]}>{item.status}</Tag>
                  {item.regionCode !== NATIONAL && <Tag>{regionName(item.regionCode)}</Tag>}
                  {item.articleHits > 0 && (
                    <Tag color="blue">{t('policy.library.articleHits', { count: item.articleHits })}</Tag>
                  )}
                </Space>
              }
              description={
                <Space direction="vertical" size={2}>
                  <span>
                    <Highlight text={item.docNo} keyword={keyword} /> · {item.issuer} · {item.issuedOn} · {item.taxKind}
                  </span>
                  <span className="tl-muted">
                    <Highlight text={item.snippet ?? item.summary} keyword={keyword} />
                  </span>
                </Space>
              }
            />
          </List.Item>
        )}
      />
    </Frame>
  );
}

/** /policy: the basic library (taxLawPolicyDatabasePermission 0). */
export function PolicyPage() {
  return <PolicyLibraryPage version="policy" />;
}

/** /policy2: the full-text library (taxLawPolicyDatabasePermission 1). */
export function Policy2Page() {
  return <PolicyLibraryPage version="policy2" />;
}
