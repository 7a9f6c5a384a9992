import { useQuery } from '@tanstack/react-query';
import { formatFen, type InvoiceDetail } from '@taxlens/shared';
import { Card, Descriptions, Empty, Input, List, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { t } from '../../../locales';
import { invoiceLookupOptions } from '../queries';

/** Name over tax number, so a long pair wraps on a phone instead of running off the card. */
function party(name: string, taxNo: string) {
  return (
    <span className="tl-co-party">
      {name || '-'}
      {taxNo && <Typography.Text type="secondary">{taxNo}</Typography.Text>}
    </span>
  );
}

function InvoiceView({ invoice }: { invoice: InvoiceDetail }) {
  return (
    <div className="tl-co-page-section tl-co-invoice-view" data-testid="invoice-view">
      <Descriptions
        size="small"
        column={{ xs: 1, sm: 2 }}
        items={[
          {
            key: 'number',
            label: t('companies.lookup.number'),
            children: invoice.digitalNumber ?? `${invoice.code} ${invoice.number}`,
          },
          { key: 'issued', label: t('companies.lookup.issuedAt'), children: invoice.issuedAt },
          {
            key: 'seller',
            label: t('companies.lookup.seller'),
            children: party(invoice.sellerName, invoice.sellerTaxNo),
          },
          { key: 'buyer', label: t('companies.lookup.buyer'), children: party(invoice.buyerName, invoice.buyerTaxNo) },
          { key: 'kind', label: t('companies.lookup.kind'), children: invoice.kindText ?? '-' },
          {
            key: 'status',
            label: t('companies.lookup.status'),
            children: (
              <>
                {invoice.statusText ?? '-'} {!invoice.isPositive && <Tag color="red">{t('companies.lookup.red')}</Tag>}
              </>
            ),
          },
          {
            key: 'total',
            label: t('companies.lookup.total'),
            children: `${formatFen(invoice.totalFen)}（${t('companies.lookup.tax')} ${formatFen(invoice.taxFen)}）`,
          },
          ...(invoice.redOfNumber
            ? [{ key: 'red', label: t('companies.lookup.redOf'), children: invoice.redOfNumber }]
            : []),
        ]}
      />
      {invoice.details.map((detail) => (
        <Card key={`${detail.business}-${detail.rowNo}`} size="small" title={detail.business} type="inner">
          <Descriptions
            size="small"
            column={{ xs: 1, sm: 2 }}
            items={detail.fields.map((field) => ({ key: field.label, label: field.label, children: field.value }))}
          />
        </Card>
      ))}
      <Table
        size="small"
        rowKey="lineNo"
        pagination={false}
        scroll={{ x: 560 }}
        dataSource={invoice.lines}
        columns={[
          { title: t('companies.lookup.item'), dataIndex: 'itemText' },
          { title: t('companies.lookup.quantity'), dataIndex: 'quantity', width: 80 },
          {
            title: t('companies.lookup.amount'),
            dataIndex: 'amountFen',
            width: 110,
            render: (fen: number) => formatFen(fen),
          },
          { title: t('companies.lookup.rate'), dataIndex: 'taxRateText', width: 70 },
        ]}
      />
    </div>
  );
}

/** 发票查询: one imported invoice by number, with its lines and the special-business sheets' attributes. */
export function InvoiceLookupCard({ firmId }: { firmId: number }) {
  const [number, setNumber] = useState('');
  const found = useQuery(invoiceLookupOptions(firmId, number));
  return (
    <Card title={t('companies.lookup.title')} data-testid="invoice-lookup">
      <Input.Search
        allowClear
        placeholder={t('companies.lookup.placeholder')}
        enterButton={t('companies.lookup.search')}
        loading={found.isFetching}
        onSearch={(value) => setNumber(value.trim())}
        maxLength={40}
      />
      {number !== '' && found.data && found.data.length === 0 && (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('companies.lookup.none')} />
      )}
      {found.data && found.data.length > 0 && (
        <List
          dataSource={found.data}
          renderItem={(invoice) => (
            <List.Item key={invoice.key}>
              <InvoiceView invoice={invoice} />
            </List.Item>
          )}
        />
      )}
      <Typography.Paragraph type="secondary" className="tl-co-stat-foot">
        {t('companies.lookup.privacy')}
      </Typography.Paragraph>
    </Card>
  );
}
