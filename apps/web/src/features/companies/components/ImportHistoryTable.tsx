import { useQuery } from '@tanstack/react-query';
import { formatDateTime, IMPORT_STATUS_LABELS, type ImportInfo } from '@taxlens/shared';
import { Card, Empty, Progress, Table, type TableProps, Tag, Tooltip, Typography } from 'antd';
import { useState } from 'react';
import { t } from '../../../locales';
import { formatBytes } from '../model/upload-machine';
import { importHistoryOptions } from '../queries';
import { ImportRowActions } from './ImportRowActions';

const STATUS_COLORS: Record<ImportInfo['status'], string> = {
  queued: 'default',
  parsing: 'processing',
  done: 'success',
  rejected: 'error',
  failed: 'error',
};

function contentOf(row: ImportInfo): string {
  if (row.status !== 'done') return '-';
  if (row.kind === 'invoice')
    return t('companies.history.contentInvoices', { invoices: row.invoices, lines: row.lines });
  return t('companies.history.contentPeriods', { count: row.periods.length });
}

/** 导入记录: every upload of the company, by staff or by the client through a link; delete and replace. */
export function ImportHistoryTable({ firmId, canManage = false }: { firmId: number; canManage?: boolean }) {
  const [page, setPage] = useState(1);
  const [size, setSize] = useState(10);
  const history = useQuery(importHistoryOptions(firmId, page, size));

  const columns: TableProps<ImportInfo>['columns'] = [
    {
      title: t('companies.history.fileName'),
      dataIndex: 'fileName',
      render: (value: string, row) => (
        <div className="tl-co-name-block">
          <Typography.Text ellipsis={{ tooltip: value }}>{value}</Typography.Text>
          <Typography.Text type="secondary" className="tl-co-stat-foot">
            {formatBytes(row.fileSize)} · {formatDateTime(row.createTime)}
          </Typography.Text>
        </div>
      ),
    },
    {
      title: t('companies.history.kind'),
      dataIndex: 'kind',
      width: 104,
      render: (value: ImportInfo['kind']) => <Tag>{t(`companies.import.kinds.${value}`)}</Tag>,
    },
    {
      title: t('companies.history.status'),
      dataIndex: 'status',
      width: 150,
      render: (value: ImportInfo['status'], row) =>
        value === 'parsing' ? (
          <Progress percent={row.progress} size="small" status="active" />
        ) : (
          <Tooltip title={row.message}>
            <Tag color={STATUS_COLORS[value]}>{IMPORT_STATUS_LABELS[value]}</Tag>
          </Tooltip>
        ),
    },
    { title: t('companies.history.content'), key: 'content', width: 190, render: (_value, row) => contentOf(row) },
    {
      title: t('companies.history.problems'),
      dataIndex: 'problemCount',
      width: 90,
      render: (value: number) =>
        value > 0 ? (
          <Typography.Text type="danger">{t('companies.history.problemsValue', { count: value })}</Typography.Text>
        ) : (
          '-'
        ),
    },
    {
      title: t('companies.history.creator'),
      dataIndex: 'creator',
      width: 110,
      render: (value: string | null, row) =>
        row.source === 'share' ? <Tag color="purple">{value ?? '-'}</Tag> : (value ?? '-'),
    },
    {
      title: t('companies.history.actions'),
      key: 'actions',
      width: 220,
      render: (_value, row) => <ImportRowActions row={row} canManage={canManage} />,
    },
  ];

  return (
    <Card title={t('companies.history.title')} styles={{ body: { padding: 0 } }} data-testid="import-history">
      <Table<ImportInfo>
        rowKey="importId"
        columns={columns}
        dataSource={history.data?.list ?? []}
        loading={history.isFetching && !history.data}
        scroll={{ x: 900 }}
        locale={{
          emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('companies.history.empty')} />,
        }}
        pagination={{
          current: page,
          pageSize: size,
          total: history.data?.total ?? 0,
          hideOnSinglePage: true,
          onChange: (nextPage, nextSize) => {
            setPage(nextPage);
            setSize(nextSize);
          },
        }}
      />
    </Card>
  );
}
