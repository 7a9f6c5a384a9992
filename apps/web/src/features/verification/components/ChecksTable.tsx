import { formatDateTime, formatFen, type InvoiceCheck } from '@taxlens/shared';
import { Button, Table, type TableProps, Tag, Typography } from 'antd';
import { t } from '../../../locales';
import { VerdictTag } from './VerdictTag';

interface Props {
  rows: InvoiceCheck[];
  onDetail: (id: number) => void;
  withTime?: boolean;
  extra?: Omit<TableProps<InvoiceCheck>, 'columns' | 'dataSource'>;
}

/** Checked invoices: what was read, from where, the verdict and its first reason. */
export function ChecksTable({ rows, onDetail, withTime, extra }: Props) {
  const columns: TableProps<InvoiceCheck>['columns'] = [
    ...(withTime
      ? [
          {
            title: t('verification.columns.time'),
            dataIndex: 'createTime',
            width: 160,
            // On a phone the invoice number matters more than the time.
            responsive: ['md' as const],
            render: (value: string) => formatDateTime(value),
          },
        ]
      : []),
    {
      title: t('verification.columns.number'),
      dataIndex: 'invoiceNumber',
      width: 190,
      render: (value: string, row) => (row.invoiceCode ? `${row.invoiceCode} ${value}` : value),
    },
    { title: t('verification.columns.date'), dataIndex: 'invoiceDate', width: 110, responsive: ['md'] },
    {
      title: t('verification.columns.seller'),
      dataIndex: 'sellerName',
      ellipsis: true,
      responsive: ['lg'],
      render: (value: string | null) => value ?? '-',
    },
    {
      title: t('verification.columns.total'),
      dataIndex: 'totalFen',
      width: 120,
      align: 'right',
      responsive: ['md'],
      render: (value: number | null, row) =>
        value === null ? (row.amountFen === null ? '-' : `¥${formatFen(row.amountFen)}`) : `¥${formatFen(value)}`,
    },
    { title: t('verification.columns.source'), dataIndex: 'sourceLayerName', width: 170, responsive: ['xl'] },
    {
      title: t('verification.columns.verdict'),
      dataIndex: 'verdict',
      width: 130,
      render: (_: unknown, row) => (
        <>
          <VerdictTag verdict={row.verdict} name={row.verdictName} />
          {row.refunded && <Tag>{t('verification.history.refunded')}</Tag>}
        </>
      ),
    },
    {
      title: t('verification.columns.summary'),
      dataIndex: 'summary',
      width: 300,
      render: (value: string) => <Typography.Text type="secondary">{value}</Typography.Text>,
    },
    { title: t('verification.columns.provider'), dataIndex: 'providerLabel', width: 120, responsive: ['lg'] },
    {
      title: t('verification.columns.actions'),
      key: 'actions',
      width: 80,
      fixed: 'right',
      render: (_: unknown, row) => (
        <Button type="link" size="small" onClick={() => onDetail(row.id)}>
          {t('verification.history.detail')}
        </Button>
      ),
    },
  ];
  return (
    <Table<InvoiceCheck>
      rowKey="id"
      size="middle"
      columns={columns}
      dataSource={rows}
      scroll={{ x: 'max-content' }}
      {...extra}
    />
  );
}
