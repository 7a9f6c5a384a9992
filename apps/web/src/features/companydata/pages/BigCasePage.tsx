import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Form, Input, InputNumber, Select, Space, Table } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { PageFrame } from '../../../components/PageFrame';
import { isApiError } from '../../../lib/http';
import { t } from '../../../locales';
import { companyDataApi, type TaxCase } from '../api';

interface Filters {
  keyword?: string;
  person?: string;
  province?: string;
  year?: number;
  caseType?: string;
}

/** /big-case: 重大税收违法失信案件 by company, code, person, province, year and case type. */
export function BigCasePage() {
  const [filters, setFilters] = useState<Filters>({});
  const [page, setPage] = useState(1);
  const provinces = useQuery({
    queryKey: ['companyData', 'provinces'],
    queryFn: ({ signal }) => companyDataApi.provinces(signal),
  });
  const cases = useQuery({
    queryKey: ['companyData', 'cases', filters, page],
    queryFn: ({ signal }) => companyDataApi.cases({ ...filters, page, size: 20 }, signal),
    retry: false,
  });
  return (
    <PageFrame title={t('companyData.routes.bigCase')} testId="big-case-page">
      <Form<Filters>
        layout="inline"
        onFinish={(values) => {
          setPage(1);
          setFilters({ ...values, province: values.province?.slice(0, 2) });
        }}
        style={{ rowGap: 8, marginBottom: 16 }}
      >
        <Form.Item name="keyword">
          <Input allowClear placeholder={t('companyData.bigCase.keyword')} maxLength={60} data-testid="case-keyword" />
        </Form.Item>
        <Form.Item name="person">
          <Input allowClear placeholder={t('companyData.bigCase.person')} maxLength={20} />
        </Form.Item>
        <Form.Item name="province">
          <Select
            allowClear
            style={{ width: 140 }}
            placeholder={t('companyData.bigCase.province')}
            options={(provinces.data ?? []).map((item) => ({ value: item.xzqhszDm, label: item.xzqhmc }))}
          />
        </Form.Item>
        <Form.Item name="year">
          <InputNumber min={2014} max={2100} placeholder={t('companyData.bigCase.year')} />
        </Form.Item>
        <Form.Item name="caseType">
          <Select
            allowClear
            style={{ width: 180 }}
            placeholder={t('companyData.bigCase.caseType')}
            options={(cases.data?.caseTypes ?? []).map((type) => ({ value: type, label: type }))}
          />
        </Form.Item>
        <Form.Item>
          <Button type="primary" htmlType="submit">
            {t('companyData.search')}
          </Button>
        </Form.Item>
      </Form>
      {cases.error && (
        <Alert type="warning" showIcon message={isApiError(cases.error) ? cases.error.message : String(cases.error)} />
      )}
      <Table<TaxCase>
        rowKey="id"
        size="small"
        loading={cases.isFetching}
        dataSource={cases.data?.list ?? []}
        scroll={{ x: 720 }}
        pagination={{
          current: page,
          pageSize: 20,
          total: cases.data?.total ?? 0,
          onChange: setPage,
          showSizeChanger: false,
        }}
        columns={[
          {
            key: 'name',
            title: t('companyData.bigCase.name'),
            render: (_, row) => (
              <Space direction="vertical" size={0}>
                {row.name}
                <span className="tl-muted">{row.creditCode}</span>
              </Space>
            ),
          },
          { key: 'caseType', title: t('companyData.bigCase.caseType'), dataIndex: 'caseType' },
          { key: 'province', title: t('companyData.bigCase.province'), dataIndex: 'province' },
          { key: 'publishedOn', title: t('companyData.bigCase.publishedOn'), dataIndex: 'publishedOn' },
          {
            key: 'source',
            title: t('companyData.view.sources'),
            render: (_, row) => t('companyData.sourceLine', { source: row.source, asOf: row.asOf }),
          },
          {
            key: 'action',
            title: '',
            render: (_, row) => <Link to={`/big-case/detail?id=${row.id}`}>{t('companyData.bigCase.detail')}</Link>,
          },
        ]}
      />
    </PageFrame>
  );
}
