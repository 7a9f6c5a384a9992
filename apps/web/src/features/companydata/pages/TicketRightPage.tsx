import { useQuery } from '@tanstack/react-query';
import { formatFen } from '@taxlens/shared';
import { Alert, Button, Empty, Select, Space, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { PageFrame } from '../../../components/PageFrame';
import { t } from '../../../locales';
import { useFirmNames } from '../../reports/queries';
import { companyDataApi, type ListedCounterparty } from '../api';

/** /ticket/right: choose a bound company; its listed counterparties open on /ticket/right/list. */
export function TicketRightPage() {
  const firms = useFirmNames();
  const navigate = useNavigate();
  const [firmId, setFirmId] = useState<number>();
  const chosen = firmId ?? firms.data?.[0]?.firmId;
  return (
    <PageFrame
      title={t('companyData.routes.ticketRight')}
      subtitle={t('companyData.ticket.intro')}
      testId="ticket-right-page"
    >
      {firms.data?.length === 0 ? (
        <Empty description={t('companyData.ticket.noFirm')} />
      ) : (
        <Space wrap>
          <Select
            style={{ minWidth: 260 }}
            value={chosen}
            onChange={setFirmId}
            placeholder={t('companyData.ticket.firm')}
            options={(firms.data ?? []).map((firm) => ({ value: firm.firmId, label: firm.taxpayerName }))}
          />
          <Button
            type="primary"
            disabled={!chosen}
            onClick={() => navigate(`/ticket/right/list?firmId=${chosen}`)}
            data-testid="ticket-right-open"
          >
            {t('companyData.ticket.open')}
          </Button>
        </Space>
      )}
    </PageFrame>
  );
}

/** /ticket/right/list: the company's counterparties that are listed, with amounts and what to do. */
export function TicketRightListPage() {
  const [params] = useSearchParams();
  const firmId = Number(params.get('firmId'));
  const [page, setPage] = useState(1);
  const result = useQuery({
    queryKey: ['companyData', 'violations', firmId, page],
    queryFn: ({ signal }) => companyDataApi.violations(firmId, page, signal),
    enabled: firmId > 0,
  });
  const data = result.data;
  return (
    <PageFrame
      title={
        data
          ? `${data.firm.taxpayerName} · ${t('companyData.routes.ticketRightList')}`
          : t('companyData.routes.ticketRightList')
      }
      back={{ to: '/ticket/right', label: t('companyData.routes.ticketRight') }}
      testId="ticket-right-list"
    >
      {data && (
        <Alert
          type={data.total > 0 ? 'warning' : 'success'}
          showIcon
          style={{ marginBottom: 12 }}
          message={
            data.total > 0
              ? t('companyData.ticket.summary', { count: data.total, total: formatFen(data.totalFen) })
              : t('companyData.ticket.none')
          }
        />
      )}
      <Table<ListedCounterparty>
        rowKey="taxNo"
        size="small"
        loading={result.isFetching}
        dataSource={data?.list ?? []}
        scroll={{ x: 760 }}
        pagination={{ current: page, pageSize: 20, total: data?.total ?? 0, onChange: setPage, showSizeChanger: false }}
        columns={[
          {
            key: 'name',
            title: t('companyData.ticket.counterparty'),
            render: (_, row) => (
              <Link to={`/ticket/right/detail?firmId=${firmId}&taxNo=${row.taxNo}`}>
                {row.name}
                <div className="tl-muted">{row.taxNo}</div>
              </Link>
            ),
          },
          {
            key: 'problems',
            title: t('companyData.ticket.problems'),
            render: (_, row) =>
              row.problems.map((item) => (
                <Tag color="red" key={item}>
                  {item}
                </Tag>
              )),
          },
          { key: 'invoices', title: t('companyData.ticket.invoices'), align: 'right', dataIndex: 'invoiceCount' },
          {
            key: 'total',
            title: t('companyData.ticket.total'),
            align: 'right',
            render: (_, row) => formatFen(row.totalFen),
          },
          {
            key: 'dates',
            title: t('companyData.ticket.dates'),
            render: (_, row) => `${row.firstDate} ~ ${row.lastDate}`,
          },
          {
            key: 'advice',
            title: t('companyData.ticket.advice'),
            render: (_, row) => (
              <>
                {row.advice.map((line) => (
                  <div key={line}>{line}</div>
                ))}
                <Typography.Text type="secondary">
                  {t('companyData.sourceLine', { source: row.source, asOf: row.asOf })}
                </Typography.Text>
              </>
            ),
          },
        ]}
      />
    </PageFrame>
  );
}
