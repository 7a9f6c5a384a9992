import { formatFen } from '@taxlens/shared';
import { Table } from 'antd';
import { t } from '../../../locales';
import type { RiskRecord } from '../api';

/** Records of one risk list, with the date and source each came with. */
export function RiskRecordTable({
  rows,
  loading,
  total,
  page,
  onPage,
  testId,
}: {
  rows: RiskRecord[];
  loading: boolean;
  total: number;
  page: number;
  onPage?: (page: number) => void;
  testId?: string;
}) {
  return (
    <Table<RiskRecord>
      rowKey="id"
      size="small"
      loading={loading}
      dataSource={rows}
      scroll={{ x: 900 }}
      data-testid={testId}
      locale={{ emptyText: t('dataMap.company.noRecord') }}
      pagination={onPage ? { current: page, pageSize: 10, total, showSizeChanger: false, onChange: onPage } : false}
      columns={[
        { title: t('dataMap.company.title'), dataIndex: 'title', width: 240 },
        { title: t('dataMap.company.reference'), dataIndex: 'reference', width: 180, render: (value) => value ?? '-' },
        { title: t('dataMap.company.decidedOn'), dataIndex: 'decidedOn', width: 110, render: (value) => value ?? '-' },
        { title: t('dataMap.company.removedOn'), dataIndex: 'removedOn', width: 120, render: (value) => value ?? '-' },
        { title: t('dataMap.company.authority'), dataIndex: 'authority', width: 200, render: (value) => value ?? '-' },
        {
          title: t('dataMap.company.amount'),
          dataIndex: 'amountFen',
          width: 130,
          align: 'right',
          render: (value: number | null) => (value === null ? '-' : formatFen(value)),
        },
        { title: t('dataMap.company.person'), dataIndex: 'personName', width: 140, render: (value) => value ?? '-' },
        {
          title: t('dataMap.company.sourceColumn'),
          dataIndex: 'source',
          width: 220,
          render: (source: string, row) => `${source}（${row.asOf}）`,
        },
      ]}
    />
  );
}
