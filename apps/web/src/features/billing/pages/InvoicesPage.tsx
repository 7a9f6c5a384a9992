import { DownloadOutlined, PlusOutlined } from '@ant-design/icons';
import { formatDateTime, formatFen, INVOICE_STATE_LABELS, INVOICE_STATES } from '@taxlens/shared';
import { Button, Card, Empty, Flex, Segmented, Table, type TableProps, Tag, Typography } from 'antd';
import { useState } from 'react';
import { PHONE_CARDS_CLASS, withCardLabels } from '../../../components/phone-cards';
import { t } from '../../../locales';
import { billingApi, type InvoiceQuery } from '../api';
import { BillingPageFrame } from '../components/BillingPageFrame';
import { InvoiceRequestModal } from '../components/InvoiceRequestModal';
import { usePagedQuery } from '../hooks/usePagedQuery';
import { useInvoices } from '../queries';
import type { InvoiceRecord, InvoiceState } from '../types';

const STATE_COLORS: Record<InvoiceState, string> = { pending: 'processing', issued: 'success', rejected: 'error' };

/** /my/ticket 发票管理: request purchase invoices, follow their state, download the issued PDF. */
export function InvoicesPage() {
  const { query, filter, pagination } = usePagedQuery<InvoiceQuery>({ page: 1, size: 10 });
  const [requesting, setRequesting] = useState(false);
  const [downloading, setDownloading] = useState<number | null>(null);
  const invoices = useInvoices(query);

  const download = async (invoice: InvoiceRecord) => {
    setDownloading(invoice.id);
    try {
      await billingApi.invoicePdf(invoice.id, `发票-${invoice.title}-${invoice.id}.pdf`);
    } catch {
      // The HTTP client has shown why.
    } finally {
      setDownloading(null);
    }
  };

  const columns: TableProps<InvoiceRecord>['columns'] = [
    {
      title: t('billing.ticket.createTime'),
      dataIndex: 'createTime',
      width: 170,
      render: (value: string) => formatDateTime(value),
    },
    {
      title: t('billing.ticket.titleLabel'),
      dataIndex: 'title',
      render: (title: string, invoice) => (
        <div>
          <Tag variant="filled" color={invoice.kind === 'special' ? 'gold' : 'blue'}>
            {invoice.kindLabel}
          </Tag>
          <div>{title}</div>
          <Typography.Text type="secondary" className="tl-bill-small tl-bill-block">
            {t('billing.ticket.taxNo')}：{invoice.taxNo}
          </Typography.Text>
          <Typography.Text type="secondary" className="tl-bill-small tl-bill-block">
            {t('billing.ticket.email')}：{invoice.email}
          </Typography.Text>
        </div>
      ),
    },
    {
      title: t('billing.ticket.amount'),
      dataIndex: 'amountFen',
      align: 'right',
      width: 130,
      render: (fen: number) => <span className="tl-bill-number">{formatFen(fen)}</span>,
    },
    {
      title: t('billing.ticket.orders'),
      dataIndex: 'orderNos',
      width: 220,
      render: (orderNos: string[]) => (
        <div className="tl-bill-small">
          {orderNos.map((orderNo) => (
            <div key={orderNo}>{orderNo}</div>
          ))}
        </div>
      ),
    },
    {
      title: t('billing.ticket.state'),
      dataIndex: 'state',
      width: 200,
      render: (state: InvoiceState, invoice) => (
        <div data-testid={`invoice-state-${invoice.id}`}>
          <Tag color={STATE_COLORS[state]}>{invoice.stateLabel}</Tag>
          {state === 'rejected' && invoice.rejectReason && (
            <Typography.Text type="danger" className="tl-bill-small tl-bill-block">
              {t('billing.ticket.rejectReason', { reason: invoice.rejectReason })}
            </Typography.Text>
          )}
          {invoice.handledTime && (
            <Typography.Text type="secondary" className="tl-bill-small tl-bill-block">
              {t('billing.ticket.handledTime')} {formatDateTime(invoice.handledTime)}
            </Typography.Text>
          )}
        </div>
      ),
    },
    {
      title: t('billing.common.operation'),
      key: 'actions',
      fixed: 'right',
      width: 120,
      render: (_value, invoice) =>
        invoice.state === 'issued' && invoice.hasPdf ? (
          <Button
            type="link"
            size="small"
            icon={<DownloadOutlined />}
            loading={downloading === invoice.id}
            onClick={() => download(invoice)}
          >
            {t('billing.ticket.download')}
          </Button>
        ) : (
          '-'
        ),
    },
  ];

  return (
    <BillingPageFrame
      title={t('billing.ticket.title')}
      subtitle={t('billing.ticket.subtitle')}
      testId="invoices-page"
      extra={
        <Button
          type="primary"
          icon={<PlusOutlined />}
          onClick={() => setRequesting(true)}
          data-testid="invoice-request-open"
        >
          {t('billing.ticket.request')}
        </Button>
      }
    >
      <Card title={t('billing.ticket.records')} className="tl-bill-card">
        <Flex className="tl-bill-filters">
          <Segmented<InvoiceState | 'all'>
            value={query.state ?? 'all'}
            onChange={(value) => filter({ state: value === 'all' ? undefined : value })}
            options={[
              { value: 'all', label: t('billing.ticket.allStates') },
              ...INVOICE_STATES.map((state) => ({ value: state, label: INVOICE_STATE_LABELS[state] })),
            ]}
          />
        </Flex>
        <Table<InvoiceRecord>
          rowKey="id"
          className={PHONE_CARDS_CLASS}
          columns={withCardLabels(columns)}
          dataSource={invoices.data?.list ?? []}
          loading={invoices.isFetching}
          scroll={{ x: 1000 }}
          locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('billing.ticket.empty')} /> }}
          pagination={pagination(invoices.data?.total)}
          data-testid="invoices-table"
        />
      </Card>
      <InvoiceRequestModal open={requesting} onClose={() => setRequesting(false)} />
    </BillingPageFrame>
  );
}
