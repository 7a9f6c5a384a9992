import { type FindingInvoiceRow, formatFen } from '@taxlens/shared';
import { createContext, useContext } from 'react';
import { t } from '../../../locales';
import { type SimpleColumn, SimpleTable } from '../components/SimpleTable';

/** The printed report's invoice rows per finding (rule id), from the print data; absent on screen. */
export const PrintEvidenceContext = createContext<Readonly<Record<string, FindingInvoiceRow[]>> | null>(null);

export function usePrintedEvidence(ruleId: string): FindingInvoiceRow[] | null {
  return useContext(PrintEvidenceContext)?.[ruleId] ?? null;
}

const COLUMNS: readonly SimpleColumn<FindingInvoiceRow>[] = [
  {
    key: 'issuedAt',
    title: t('reports.findings.evidenceColumns.issuedAt'),
    width: '13%',
    // Date over time, so neither breaks mid-way.
    render: (row) => {
      const [date, time] = row.issuedAt.split(' ');
      return (
        <>
          {date}
          <br />
          {time}
        </>
      );
    },
  },
  {
    key: 'number',
    title: t('reports.findings.evidenceColumns.number'),
    width: '17%',
    render: (row) => <span className="tl-mono tl-print-evidence-number">{row.number}</span>,
  },
  {
    key: 'counterparty',
    title: t('reports.findings.evidenceColumns.counterparty'),
    width: '24%',
    render: (row) => `${row.direction}·${row.counterparty}`,
  },
  { key: 'goods', title: t('reports.findings.evidenceColumns.goods'), render: (row) => row.goods || '-' },
  {
    key: 'amount',
    title: t('reports.findings.evidenceColumns.amount'),
    align: 'right',
    width: '11%',
    render: (row) => formatFen(row.amountFen),
  },
  { key: 'status', title: t('reports.findings.evidenceColumns.status'), width: '11%', render: (row) => row.status },
];

/** A finding's invoices on paper: time, number, counterparty, goods, amount and status. */
export function PrintedEvidenceTable({ rows }: { rows: readonly FindingInvoiceRow[] }) {
  return (
    <div className="tl-print-evidence" data-testid="print-evidence-rows">
      <SimpleTable columns={COLUMNS} rows={rows} rowKey={(row) => row.key} />
    </div>
  );
}
