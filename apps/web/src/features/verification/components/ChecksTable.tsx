import { formatDateTime, formatFen, type InvoiceCheck } from '@taxlens/shared';
import { Button, Table, type TableProps, Tag, Typography } from 'antd';
import { PHONE_CARDS_CLASS, withCardLabels } from '../../../components/phone-cards';
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
            width: 150,
            // On a phone the invoice number matters more than the time.
            responsive: ['md' as const],
            render: (value: string) => formatDateTime(value),
          },
        ]
      : []),
    {
      title: t('verification.columns.number'),
      dataIndex: 'invoiceNumber',
      width: 180,
      render: (value: string, row) => (row.invoiceCode ? `${row.invoiceCode} ${value}` : value),
    },
    // The history shows the check time first; the invoice date waits for a wide screen there.
    {
      title: t('verification.columns.date'),
      dataIndex: 'invoiceDate',
      width: 110,
      responsive: [withTime ? 'xxl' : 'md'],
    },
    {
      title: t('verification.columns.seller'),
      dataIndex: 'sellerName',
      width: 200,
      ellipsis: true,
      responsive: ['lg'],
      render: (value: string | null) => value ?? '-',
    },
    {
      title: t('verification.columns.total'),
      dataIndex: 'totalFen',
      width: 110,
      align: 'right',
      responsive: ['md'],
      render: (value: number | null, row) =>
        value === null ? (row.amountFen === null ? '-' : `¥${formatFen(row.amountFen)}`) : `¥${formatFen(value)}`,
    },
    // The layer is in the details too; the list shows it where there is room.
    { title: t('verification.columns.source'), dataIndex: 'sourceLayerName', width: 170, responsive: ['xxl'] },
    {
      title: t('verification.columns.verdict'),
      dataIndex: 'verdict',
      width: 120,
      render: (_: unknown, row) => (
        <>
          <VerdictTag verdict={row.verdict} name={row.verdictName} />
          {row.refunded && <Tag>{t('verification.history.refunded')}</Tag>}
          {/* Who gave the verdict stays beside it (本地核验 is never the tax bureau's word). */}
          <div className="verification-provider-label">
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {row.providerLabel}
            </Typography.Text>
          </div>
        </>
      ),
    },
    {
      title: t('verification.columns.summary'),
      dataIndex: 'summary',
      width: 220,
      ellipsis: true,
      render: (value: string) => (
        <Typography.Text type="secondary" title={value}>
          {value}
        </Typography.Text>
      ),
    },
    {
      title: t('verification.columns.actions'),
      key: 'actions',
      width: 70,
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
      className={PHONE_CARDS_CLASS}
      columns={withCardLabels(columns)}
      dataSource={rows}
      scroll={{ x: 'max-content' }}
      {...extra}
    />
  );
}
