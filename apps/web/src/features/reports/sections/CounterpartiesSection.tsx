import type { CounterpartyRow, CounterpartySide, InvoiceReport } from '@taxlens/engine/types';
import { formatFen } from '@taxlens/shared';
import { t } from '../../../locales';
import { type SimpleColumn, SimpleTable } from '../components/SimpleTable';
import { concentrationBand, pctText } from '../lib/report-sections';

type LostCounterpartyRow = NonNullable<CounterpartySide['lost']>[number];

const TOP_COLUMNS: readonly SimpleColumn<CounterpartyRow>[] = [
  {
    key: 'rank',
    title: t('reports.counterparties.rank'),
    width: 44,
    align: 'center',
    render: (_row, index) => index + 1,
  },
  {
    key: 'name',
    title: t('reports.counterparties.name'),
    render: (row) => (
      <>
        <div>{row.name}</div>
        <div className="tl-muted tl-small">{row.taxNo}</div>
      </>
    ),
  },
  {
    key: 'amount',
    title: t('reports.counterparties.amount'),
    align: 'right',
    render: (row) => formatFen(row.amountFen),
  },
  { key: 'tax', title: t('reports.counterparties.tax'), align: 'right', render: (row) => formatFen(row.taxFen) },
  { key: 'invoices', title: t('reports.counterparties.invoices'), align: 'right', render: (row) => row.invoiceCount },
  { key: 'share', title: t('reports.counterparties.share'), align: 'right', render: (row) => pctText(row.sharePct) },
  { key: 'status', title: t('reports.counterparties.status'), render: (row) => row.status },
];

const ADDED_COLUMNS: readonly SimpleColumn<CounterpartyRow>[] = [
  { key: 'name', title: t('reports.counterparties.name'), render: (row) => row.name },
  {
    key: 'amount',
    title: t('reports.counterparties.amount'),
    align: 'right',
    render: (row) => formatFen(row.amountFen),
  },
  { key: 'share', title: t('reports.counterparties.share'), align: 'right', render: (row) => pctText(row.sharePct) },
];

const LOST_COLUMNS: readonly SimpleColumn<LostCounterpartyRow>[] = [
  { key: 'name', title: t('reports.counterparties.name'), render: (row) => row.name },
  {
    key: 'amount',
    title: t('reports.counterparties.amount'),
    align: 'right',
    render: (row) => formatFen(row.amountFen),
  },
  {
    key: 'previousShare',
    title: t('reports.counterparties.previousShare'),
    align: 'right',
    render: (row) => pctText(row.previousSharePct),
  },
];

function Concentration({ side }: { side: CounterpartySide }) {
  const band = concentrationBand(side.hhi);
  return (
    <div className="tl-facts">
      <span>{t('reports.counterparties.count', { count: side.counterpartyCount })}</span>
      <span>
        {t('reports.counterparties.top5')}：<b>{pctText(side.top5SharePct)}</b>
      </span>
      <span>
        {t('reports.counterparties.hhi')}：<b>{side.hhi}</b>（{t(`reports.counterparties.bands.${band}`)}）
      </span>
    </div>
  );
}

function SideBlock({ title, side, testId }: { title: string; side: CounterpartySide; testId: string }) {
  return (
    <div className="tl-block" data-testid={testId}>
      <div className="tl-block-title">{title}</div>
      <Concentration side={side} />
      <SimpleTable
        columns={TOP_COLUMNS}
        rows={side.top}
        rowKey={(row) => row.taxNo || row.name}
        empty={t('reports.counterparties.empty')}
      />
    </div>
  );
}

function ChangeBlock({ report }: { report: InvoiceReport }) {
  const { customers, suppliers } = report.counterparties;
  if (customers.added === null || suppliers.added === null) {
    return <div className="tl-notice is-insufficient">{t('reports.counterparties.noPrevious')}</div>;
  }
  const blocks = [
    {
      key: 'ac',
      title: t('reports.counterparties.addedCustomers', { count: customers.addedCount ?? 0 }),
      rows: customers.added,
      lost: false,
    },
    {
      key: 'as',
      title: t('reports.counterparties.addedSuppliers', { count: suppliers.addedCount ?? 0 }),
      rows: suppliers.added,
      lost: false,
    },
  ];
  return (
    <div className="tl-two-columns">
      {blocks.map((block) => (
        <div key={block.key} className="tl-block">
          <div className="tl-block-title">{block.title}</div>
          <SimpleTable
            columns={ADDED_COLUMNS}
            rows={block.rows}
            rowKey={(row) => row.taxNo || row.name}
            empty={t('reports.counterparties.noneAdded')}
          />
        </div>
      ))}
      <div className="tl-block">
        <div className="tl-block-title">
          {t('reports.counterparties.lostCustomers', { count: customers.lostCount ?? 0 })}
        </div>
        <SimpleTable
          columns={LOST_COLUMNS}
          rows={customers.lost ?? []}
          rowKey={(row) => row.taxNo || row.name}
          empty={t('reports.counterparties.noneAdded')}
        />
      </div>
      <div className="tl-block">
        <div className="tl-block-title">
          {t('reports.counterparties.lostSuppliers', { count: suppliers.lostCount ?? 0 })}
        </div>
        <SimpleTable
          columns={LOST_COLUMNS}
          rows={suppliers.lost ?? []}
          rowKey={(row) => row.taxNo || row.name}
          empty={t('reports.counterparties.noneAdded')}
        />
      </div>
    </div>
  );
}

/** 上下游: top 10 customers and suppliers with shares, concentration, new and lost ones, status. */
export function CounterpartiesSection({ report }: { report: InvoiceReport }) {
  const { customers, suppliers, statusAvailable } = report.counterparties;
  return (
    <div className="tl-counterparties">
      <SideBlock title={t('reports.counterparties.customers')} side={customers} testId="customers" />
      <SideBlock title={t('reports.counterparties.suppliers')} side={suppliers} testId="suppliers" />
      <ChangeBlock report={report} />
      {!statusAvailable && (
        <div className="tl-notice is-insufficient">{t('reports.counterparties.statusUnavailable')}</div>
      )}
      {report.counterpartyData && (
        <div className="tl-notice" data-testid="counterparty-data-source">
          {t('reports.counterparties.statusSource', { ...report.counterpartyData })}
        </div>
      )}
    </div>
  );
}
