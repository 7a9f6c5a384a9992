import { useQuery } from '@tanstack/react-query';
import { formatFen } from '@taxlens/shared';
import { Table, Tag } from 'antd';
import { useState } from 'react';
import { PageFrame } from '../../../components/PageFrame';
import { t } from '../../../locales';
import { tokerApi, type UsageRow } from '../toker-api';

const PAGE_SIZE = 20;

const costText = (row: UsageRow) =>
  row.paidWith === 'free'
    ? t('toker.history.free')
    : row.paidWith === 'credit'
      ? t('toker.history.credit', { count: row.cost })
      : `${formatFen(row.cost)} 元`;

/** /toker/history (useDetail): every search and export with its filters, results and cost. */
export function TokerHistoryPage() {
  const [page, setPage] = useState(1);
  const usage = useQuery({
    queryKey: ['toker', 'usage', page],
    queryFn: ({ signal }) => tokerApi.usage({ page, size: PAGE_SIZE }, signal),
  });
  return (
    <PageFrame title={t('toker.routes.history')} subtitle={t('toker.history.intro')} testId="toker-history">
      <Table<UsageRow>
        rowKey="id"
        dataSource={usage.data?.list ?? []}
        loading={usage.isLoading}
        scroll={{ x: 900 }}
        pagination={{ current: page, pageSize: PAGE_SIZE, total: usage.data?.total ?? 0, onChange: setPage }}
        columns={[
          {
            title: t('toker.history.time'),
            dataIndex: 'createdAt',
            width: 170,
            render: (value: string) => new Date(value).toLocaleString('zh-CN', { hour12: false }),
          },
          { title: t('toker.history.user'), dataIndex: 'userName', width: 110 },
          {
            title: t('toker.history.kind'),
            dataIndex: 'kind',
            width: 80,
            render: (kind: UsageRow['kind']) =>
              kind === 'search' ? (
                <Tag color="blue">{t('toker.history.kindSearch')}</Tag>
              ) : (
                <Tag>{t('toker.history.kindExport')}</Tag>
              ),
          },
          { title: t('toker.history.summary'), dataIndex: 'summary', width: 320 },
          { title: t('toker.history.total'), dataIndex: 'total', width: 90 },
          { title: t('toker.history.cost'), key: 'cost', width: 130, render: (_, row) => costText(row) },
        ]}
      />
    </PageFrame>
  );
}
