import { DownloadOutlined } from '@ant-design/icons';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { CLIENT_RISK_LEVEL_LABELS, type ClientRiskLevel, type StaleClient } from '@taxlens/shared';
import { App, Button, Card, Input, Table, Tag } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { t } from '../../../locales';
import { firmPath } from '../../companies/firm-path';
import { type ClientFilter, clientApi } from './api';
import { LEVEL_TAG_COLORS } from './charts';

const PAGE_SIZE = 10;

/** Clients whose data is older than the chosen days (or never imported), paged by the server, with Excel export. */
export function StaleClientsTable({ filter }: { filter: ClientFilter }) {
  const { message } = App.useApp();
  const [page, setPage] = useState(1);
  const [keyword, setKeyword] = useState('');
  const [lastFilter, setLastFilter] = useState(filter);
  // A new filter from the page starts again at page 1.
  if (lastFilter !== filter) {
    setLastFilter(filter);
    setPage(1);
  }
  const body = { ...filter, page, size: PAGE_SIZE, keyword: keyword || undefined };
  const stale = useQuery({
    queryKey: ['dataClient', 'stale', body],
    queryFn: ({ signal }) => clientApi.stale(body, signal),
    placeholderData: keepPreviousData,
  });
  const exporting = useMutation({
    mutationFn: () => clientApi.exportStale({ ...filter, keyword: keyword || undefined }),
    onSuccess: () => message.success(t('dataClient.exported')),
    onError: (error) => message.error(error.message),
  });

  return (
    <Card
      size="small"
      title={t('dataClient.stale.title')}
      data-testid="client-stale"
      extra={
        <Button
          size="small"
          icon={<DownloadOutlined />}
          loading={exporting.isPending}
          disabled={!stale.data?.total}
          onClick={() => exporting.mutate()}
          data-testid="client-stale-export"
        >
          {t('dataClient.exportExcel')}
        </Button>
      }
    >
      <div className="tl-dv-client-table-head">
        <span className="tl-dv-client-hint">{t('dataClient.stale.hint', { days: filter.staleDays })}</span>
        <Input.Search
          allowClear
          placeholder={t('dataClient.stale.search')}
          style={{ maxWidth: 260 }}
          onSearch={(value) => {
            setKeyword(value.trim());
            setPage(1);
          }}
        />
      </div>
      <Table<StaleClient>
        rowKey="companyId"
        size="small"
        loading={stale.isFetching}
        dataSource={stale.data?.list ?? []}
        scroll={{ x: 860 }}
        locale={{
          emptyText: stale.isError ? stale.error.message : t('dataClient.stale.none', { days: filter.staleDays }),
        }}
        pagination={{
          current: page,
          pageSize: PAGE_SIZE,
          total: stale.data?.total ?? 0,
          onChange: setPage,
          showSizeChanger: false,
          size: 'small',
        }}
        columns={[
          {
            title: t('dataClient.stale.company'),
            dataIndex: 'companyName',
            width: 240,
            render: (name: string, row) => <Link to={firmPath(row.companyId)}>{name}</Link>,
          },
          { title: t('dataClient.stale.assignee'), dataIndex: 'assigneeName', width: 110 },
          {
            title: t('dataClient.stale.lastImport'),
            dataIndex: 'lastImportOn',
            width: 150,
            render: (day: string | null, row) =>
              day ? `${day} ${row.lastImportKind ?? ''}` : <Tag>{t('dataClient.stale.never')}</Tag>,
          },
          {
            title: t('dataClient.stale.daysSince'),
            dataIndex: 'daysSince',
            width: 90,
            render: (days: number | null) => (days === null ? '-' : t('dataClient.stale.days', { days })),
          },
          {
            title: t('dataClient.stale.lastReport'),
            dataIndex: 'lastReportOn',
            width: 110,
            render: (day: string | null) => day ?? '-',
          },
          {
            title: t('dataClient.stale.level'),
            dataIndex: 'lastReportLevel',
            width: 130,
            render: (level: ClientRiskLevel) => (
              <Tag color={LEVEL_TAG_COLORS[level]}>{CLIENT_RISK_LEVEL_LABELS[level]}</Tag>
            ),
          },
          {
            title: '',
            key: 'import',
            width: 80,
            fixed: 'right',
            render: (_, row) => <Link to={firmPath(row.companyId, 'import')}>{t('dataClient.stale.import')}</Link>,
          },
        ]}
      />
    </Card>
  );
}
