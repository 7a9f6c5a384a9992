import { useQuery } from '@tanstack/react-query';
import { formatFen } from '@taxlens/shared';
import { Alert, Card, Skeleton, Table, Tag, Typography } from 'antd';
import { useSearchParams } from 'react-router';
import { PageFrame } from '../../../components/PageFrame';
import { t } from '../../../locales';
import { companyDataApi } from '../api';

/** /ticket/right/detail: one listed counterparty — its public records, what to do, and the invoices. */
export function TicketRightDetailPage() {
  const [params] = useSearchParams();
  const firmId = Number(params.get('firmId'));
  const taxNo = params.get('taxNo') ?? '';
  const detail = useQuery({
    queryKey: ['companyData', 'violation', firmId, taxNo],
    queryFn: ({ signal }) => companyDataApi.violationDetails(firmId, taxNo, signal),
    enabled: firmId > 0 && taxNo !== '',
  });
  const data = detail.data;
  return (
    <PageFrame
      title={data?.name ?? t('companyData.routes.ticketRightDetail')}
      subtitle={taxNo}
      back={{ to: `/ticket/right/list?firmId=${firmId}`, label: t('companyData.routes.ticketRightList') }}
      testId="ticket-right-detail"
    >
      {!data ? (
        <Skeleton active />
      ) : (
        <>
          <div style={{ marginBottom: 12 }}>
            {data.problems.map((item) => (
              <Tag color="red" key={item}>
                {item}
              </Tag>
            ))}
          </div>
          <Alert
            type="warning"
            showIcon
            message={t('companyData.ticket.advice')}
            description={data.advice.map((line) => <div key={line}>{line}</div>)}
          />
          <Card size="small" title={t('companyData.ticket.records')} style={{ marginTop: 12 }}>
            {data.records.map((record) => (
              <div key={record.id} style={{ marginBottom: 8 }}>
                <Tag>{record.label}</Tag> {record.decidedOn ?? '-'} {record.title}{' '}
                {record.authority ? `（${record.authority}）` : ''}
                <div>
                  <Typography.Text type="secondary">
                    {t('companyData.sourceLine', { source: record.source, asOf: record.asOf })}
                  </Typography.Text>
                </div>
              </div>
            ))}
          </Card>
          <Table
            rowKey="id"
            size="small"
            style={{ marginTop: 12 }}
            dataSource={data.invoices}
            scroll={{ x: 600 }}
            columns={[
              { key: 'number', title: t('companyData.ticket.invoiceNo'), dataIndex: 'number' },
              { key: 'date', title: t('companyData.ticket.dates'), dataIndex: 'issuedOn' },
              {
                key: 'direction',
                title: t('companyData.ticket.direction'),
                render: (_, row) =>
                  row.direction === 'sales' ? t('companyData.ticket.sales') : t('companyData.ticket.purchase'),
              },
              {
                key: 'total',
                title: t('companyData.ticket.total'),
                align: 'right',
                render: (_, row) => formatFen(row.totalFen),
              },
            ]}
          />
        </>
      )}
    </PageFrame>
  );
}

/** /guide-page/ticket-right: what the query does, for a user without the right. */
export function GuideTicketRightPage() {
  return (
    <PageFrame title={t('companyData.guide.title')} testId="guide-ticket-right">
      <Typography.Paragraph>{t('companyData.guide.body')}</Typography.Paragraph>
    </PageFrame>
  );
}
