import { formatFen } from '@taxlens/shared';
import { Input, Segmented, Space, Table } from 'antd';
import { useEffect, useState } from 'react';
import { ExportButton } from '../../../components/ExportButton';
import { t } from '../../../locales';
import { type FindingInvoiceQuery, type FindingInvoiceRow, reportsApi } from '../api';

type Side = 'all' | 'sales' | 'purchase';

const COLUMNS = [
  { key: 'number', dataIndex: 'number', title: t('reports.findings.evidenceColumns.number'), width: 190 },
  { key: 'issuedAt', dataIndex: 'issuedAt', title: t('reports.findings.evidenceColumns.issuedAt'), width: 160 },
  { key: 'direction', dataIndex: 'direction', title: t('reports.findings.evidenceColumns.direction'), width: 64 },
  { key: 'counterparty', dataIndex: 'counterparty', title: t('reports.findings.evidenceColumns.counterparty') },
  { key: 'goods', dataIndex: 'goods', title: t('reports.findings.evidenceColumns.goods'), ellipsis: true },
  {
    key: 'amount',
    title: t('reports.findings.evidenceColumns.amount'),
    align: 'right' as const,
    render: (_: unknown, row: FindingInvoiceRow) => formatFen(row.amountFen),
  },
  {
    key: 'total',
    title: t('reports.findings.evidenceColumns.total'),
    align: 'right' as const,
    render: (_: unknown, row: FindingInvoiceRow) => formatFen(row.totalFen),
  },
  { key: 'status', dataIndex: 'status', title: t('reports.findings.evidenceColumns.status'), width: 120 },
];

/** A finding's invoices as rows (time, counterparty, goods, amount, status), filterable and exportable. */
export function EvidenceTable({ reportId, ruleId }: { reportId: number; ruleId: string }) {
  const [keyword, setKeyword] = useState('');
  const [side, setSide] = useState<Side>('all');
  const [rows, setRows] = useState<FindingInvoiceRow[] | null>(null);
  const query: FindingInvoiceQuery = {
    id: reportId,
    ruleId,
    ...(keyword.trim() ? { keyword: keyword.trim() } : {}),
    ...(side !== 'all' ? { direction: side } : {}),
  };
  const queryKey = JSON.stringify(query);
  useEffect(() => {
    const controller = new AbortController();
    reportsApi
      .findingInvoices(JSON.parse(queryKey) as FindingInvoiceQuery, controller.signal)
      .then((answer) => setRows(answer.rows))
      .catch(() => setRows([]));
    return () => controller.abort();
  }, [queryKey]);
  return (
    <div className="tl-evidence-table" data-testid="evidence-table">
      <Space wrap className="tl-evidence-tools">
        <Input.Search
          allowClear
          placeholder={t('reports.findings.evidenceSearch')}
          onSearch={setKeyword}
          style={{ width: 260 }}
        />
        <Segmented<Side>
          value={side}
          onChange={setSide}
          options={[
            { value: 'all', label: t('reports.findings.evidenceAllSides') },
            { value: 'sales', label: t('reports.findings.evidenceSales') },
            { value: 'purchase', label: t('reports.findings.evidencePurchases') },
          ]}
        />
        <ExportButton onExport={() => reportsApi.exportFindingInvoices(query)} testId="evidence-export">
          {t('reports.findings.evidenceExport')}
        </ExportButton>
      </Space>
      <Table<FindingInvoiceRow>
        size="small"
        rowKey="key"
        loading={rows === null}
        dataSource={rows ?? []}
        columns={COLUMNS}
        pagination={{ pageSize: 20, hideOnSinglePage: true }}
        scroll={{ x: 960 }}
      />
    </div>
  );
}
