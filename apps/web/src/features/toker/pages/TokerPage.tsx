import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { formatFen, hasNarrowingFilter, type Prospect, TOKER_PAGE_SIZE, type TokerFilters } from '@taxlens/shared';
import { Alert, App, Button, Space, Table, Typography } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { PageFrame } from '../../../components/PageFrame';
import { t } from '../../../locales';
import { prospectColumns } from '../components/prospect-columns';
import { SaveToListModal } from '../components/SaveToListModal';
import { TokerFilterForm } from '../components/TokerFilterForm';
import { type SearchResult, tokerApi } from '../toker-api';

function costText(result: SearchResult): string {
  if (result.paidWith === 'free') return t('toker.history.free');
  if (result.paidWith === 'credit') return t('toker.history.credit', { count: result.cost });
  return `${formatFen(result.cost)} 元`;
}

/** /toker: search the company dataset for prospects, page the paid search, save picks to a list. */
export function TokerPage() {
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [result, setResult] = useState<SearchResult | null>(null);
  const [picked, setPicked] = useState<string[]>([]);
  const [saving, setSaving] = useState(false);
  const config = useQuery({ queryKey: ['toker', 'config'], queryFn: ({ signal }) => tokerApi.config(signal) });
  const search = useMutation({
    mutationFn: (filters: TokerFilters) => tokerApi.search(filters, TOKER_PAGE_SIZE),
    onSuccess: (answer) => {
      setResult(answer);
      setPicked([]);
      void queryClient.invalidateQueries({ queryKey: ['toker', 'config'] });
    },
  });
  const paging = useMutation({
    mutationFn: (page: number) => tokerApi.page({ searchId: result?.searchId ?? 0, page, size: TOKER_PAGE_SIZE }),
    onSuccess: (answer) =>
      setResult((current) => (current ? { ...answer, cost: current.cost, paidWith: current.paidWith } : answer)),
  });

  const submit = (filters: TokerFilters) => {
    if (!hasNarrowingFilter(filters)) {
      message.warning(t('toker.search.needFilter'));
      return;
    }
    search.mutate(filters);
  };

  const plan = config.data;
  const priceNote = !plan
    ? null
    : plan.chargeMode === 'credit'
      ? t('toker.search.priceCredit', { count: plan.tokerCredits })
      : plan.searchPriceFen > 0
        ? t('toker.search.pricePrice', { price: formatFen(plan.searchPriceFen) })
        : t('toker.search.priceFree');

  return (
    <PageFrame
      title={t('toker.routes.search')}
      subtitle={t('toker.search.intro')}
      testId="toker-page"
      extra={
        <Space wrap>
          <Link to="/toker/history">{t('toker.search.history')}</Link>
          <Link to="/my/card/list">{t('toker.search.lists')}</Link>
        </Space>
      }
    >
      {plan && (
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 16 }}
          message={priceNote}
          description={
            plan.dataAsOf
              ? t('toker.search.source', { companies: plan.companies.toLocaleString('zh-CN'), asOf: plan.dataAsOf })
              : t('toker.search.noData')
          }
          data-testid="toker-plan"
        />
      )}
      <TokerFilterForm onSubmit={submit} loading={search.isPending} />
      {result ? (
        <>
          <Space wrap style={{ margin: '16px 0 8px', justifyContent: 'space-between', width: '100%' }}>
            <Typography.Text data-testid="toker-result-count">
              {result.capped
                ? t('toker.search.resultCapped', { total: result.total })
                : t('toker.search.result', { total: result.total })}
              {' · '}
              {t('toker.search.charged', { cost: costText(result) })}
            </Typography.Text>
            <Button type="primary" disabled={picked.length === 0} onClick={() => setSaving(true)}>
              {t('toker.search.save', { count: picked.length })}
            </Button>
          </Space>
          <Table<Prospect>
            rowKey="creditCode"
            dataSource={result.list}
            loading={paging.isPending}
            columns={prospectColumns<Prospect>()}
            scroll={{ x: 1200 }}
            size="middle"
            locale={{ emptyText: t('toker.search.empty') }}
            rowSelection={{
              selectedRowKeys: picked,
              onChange: (keys) => setPicked(keys as string[]),
              preserveSelectedRowKeys: true,
            }}
            pagination={{
              current: result.page,
              pageSize: TOKER_PAGE_SIZE,
              total: result.total,
              showSizeChanger: false,
              onChange: (page) => paging.mutate(page),
            }}
            data-testid="toker-results"
          />
        </>
      ) : (
        <Typography.Paragraph type="secondary" style={{ marginTop: 16 }}>
          {t('toker.search.idle')}
        </Typography.Paragraph>
      )}
      <SaveToListModal
        open={saving}
        creditCodes={picked}
        onClose={(saved) => {
          setSaving(false);
          if (saved) setPicked([]);
        }}
      />
    </PageFrame>
  );
}
