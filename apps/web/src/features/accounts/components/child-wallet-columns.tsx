import { type ChildUser, formatFen, REPORT_KINDS } from '@taxlens/shared';
import { Tooltip, Typography } from 'antd';
import type { ColumnType } from 'antd/es/table';
import { t } from '../../../locales';

/** 余额, 报告次数 and (shared wallet mode) 本月额度 of each sub-account's row. */
export function childWalletColumns(shared: boolean): ColumnType<ChildUser>[] {
  const columns: ColumnType<ChildUser>[] = [
    {
      title: t('staff.columns.balance'),
      dataIndex: 'balance',
      width: 110,
      align: 'right',
      render: (balance: number | null) => (balance === null ? '******' : formatFen(balance)),
    },
    {
      title: t('staff.columns.credits'),
      dataIndex: 'credits',
      width: 90,
      align: 'right',
      render: (credits: number[]) => {
        const total = credits.reduce((sum, count) => sum + count, 0);
        const lines = REPORT_KINDS.filter((kind) => (credits[kind.type - 1] ?? 0) > 0).map((kind) =>
          t('staff.creditsTip', { name: kind.name, count: credits[kind.type - 1] ?? 0 }),
        );
        return lines.length > 0 ? (
          <Tooltip title={lines.map((line) => <div key={line}>{line}</div>)}>
            <span className="tl-credit-total">{total}</span>
          </Tooltip>
        ) : (
          total
        );
      },
    },
  ];
  if (shared) {
    columns.push({
      title: t('staff.columns.monthly'),
      dataIndex: 'monthlyLimitFen',
      width: 150,
      render: (_value, child) =>
        child.monthlyLimitFen === null ? (
          <Typography.Text type="secondary">
            {t('staff.noLimit')} · {t('staff.usedNoLimit', { used: formatFen(child.monthlyUsedFen) })}
          </Typography.Text>
        ) : (
          t('staff.usedOf', { used: formatFen(child.monthlyUsedFen), limit: formatFen(child.monthlyLimitFen) })
        ),
    });
  }
  return columns;
}
