import { formatDateTime, HIDDEN_BALANCE } from '@taxlens/shared';
import { Empty, Table, type TableProps, Typography } from 'antd';
import { useLayoutState } from '../../../app/layout-state';
import { PHONE_CARDS_CLASS, withCardLabels } from '../../../components/phone-cards';
import { t } from '../../../locales';
import { assetAmount, signedAmount } from '../lib/amounts';
import type { LedgerEntry } from '../types';
import { CreditIcon } from './CreditIcon';

interface FlowTableProps {
  rows: readonly LedgerEntry[] | undefined;
  loading: boolean;
  pagination: TableProps<LedgerEntry>['pagination'];
  compact?: boolean;
  testId?: string;
  /** List hiding (listHidden flowHidden / flowNumHidden): the amounts are masked on screen. */
  hideAmounts?: boolean;
}

/** Ledger rows (flowRecord, getNumFlowByOption): what changed, by how much, the value after and why. */
export function FlowTable({ rows, loading, pagination, compact = false, testId, hideAmounts = false }: FlowTableProps) {
  const { balanceHidden } = useLayoutState();
  const columns: TableProps<LedgerEntry>['columns'] = [
    {
      title: t('billing.common.time'),
      dataIndex: 'createTime',
      width: 170,
      render: (value: string) => formatDateTime(value),
    },
    {
      title: t('billing.flow.asset'),
      dataIndex: 'assetName',
      width: 230,
      render: (name: string, row) => (
        <span className="tl-bill-inline">
          <CreditIcon type={row.asset} size={14} />
          {row.asset === 0 ? t('billing.common.balance') : name}
        </span>
      ),
    },
    {
      title: t('billing.flow.delta'),
      dataIndex: 'delta',
      align: 'right',
      render: (delta: number, row) => (
        <Typography.Text type={delta > 0 ? 'success' : undefined} className="tl-bill-number">
          {hideAmounts ? HIDDEN_BALANCE : signedAmount(row.asset, delta)}
        </Typography.Text>
      ),
    },
    {
      title: t('billing.flow.after'),
      dataIndex: 'after',
      align: 'right',
      render: (after: number | null, row) => (
        <span className="tl-bill-number">
          {hideAmounts ? HIDDEN_BALANCE : assetAmount(row.asset, row.asset === 0 && balanceHidden ? null : after)}
        </span>
      ),
    },
    { title: t('billing.flow.reason'), dataIndex: 'reasonLabel' },
  ];
  if (!compact) {
    columns.push(
      {
        title: t('billing.flow.counterpart'),
        dataIndex: 'counterpartPhone',
        render: (value: string | null) => value ?? '-',
      },
      {
        title: t('billing.flow.note'),
        dataIndex: 'note',
        ellipsis: true,
        render: (value: string | null) => value ?? '-',
      },
      { title: t('billing.flow.actor'), dataIndex: 'actorPhone', render: (value: string | null) => value ?? '-' },
    );
  }
  return (
    <Table<LedgerEntry>
      rowKey="id"
      size={compact ? 'small' : 'middle'}
      className={PHONE_CARDS_CLASS}
      columns={withCardLabels(columns)}
      dataSource={rows ? [...rows] : []}
      loading={loading}
      pagination={pagination}
      locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('billing.flow.empty')} /> }}
      scroll={{ x: 'max-content' }}
      data-testid={testId}
    />
  );
}
