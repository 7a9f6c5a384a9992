import { useQuery } from '@tanstack/react-query';
import { type DailyFigure, REPORT_KINDS } from '@taxlens/shared';
import { DatePicker, Statistic, Table } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { t } from '../../../locales';
import { yuanText } from '../../billing/lib/money';
import { ConsolePageFrame } from '../components/ConsolePageFrame';
import { moneyApi } from '../money/api';

const sum = (rows: DailyFigure[], pick: (row: DailyFigure) => number) =>
  rows.reduce((total, row) => total + pick(row), 0);

/** Revenue, refunds and what reports consumed, per business day (Asia/Shanghai). */
export function DailyPage() {
  const [range, setRange] = useState<[Dayjs, Dayjs]>([dayjs().subtract(29, 'day'), dayjs()]);
  const params = { from: range[0].format('YYYY-MM-DD'), to: range[1].format('YYYY-MM-DD') };
  const query = useQuery({ queryKey: ['operator', 'daily', params], queryFn: () => moneyApi.daily(params) });
  const rows = query.data ?? [];
  return (
    <ConsolePageFrame
      title={t('operator.pages.daily')}
      extra={
        <DatePicker.RangePicker
          value={range}
          allowClear={false}
          onChange={(value) => value?.[0] && value[1] && setRange([value[0], value[1]])}
        />
      }
    >
      <div className="op-stats">
        <Statistic title={t('operator.money.revenue')} value={yuanText(sum(rows, (row) => row.revenueFen))} />
        <Statistic title={t('operator.money.refunds')} value={yuanText(sum(rows, (row) => row.refundFen))} />
        <Statistic
          title={t('operator.money.balanceConsumed')}
          value={yuanText(sum(rows, (row) => row.balanceConsumedFen))}
        />
        <Statistic title={t('operator.money.reportsCharged')} value={sum(rows, (row) => row.reportsCharged)} />
      </div>
      <Table<DailyFigure>
        rowKey="day"
        size="small"
        loading={query.isFetching}
        dataSource={rows}
        scroll={{ x: 1100 }}
        pagination={{ pageSize: 31 }}
        columns={[
          { title: t('operator.money.day'), dataIndex: 'day', width: 110, fixed: 'left' },
          { title: t('operator.money.paidOrders'), dataIndex: 'paidOrders', width: 80 },
          {
            title: t('operator.money.revenue'),
            dataIndex: 'revenueFen',
            width: 120,
            render: (fen: number) => yuanText(fen),
          },
          {
            title: t('operator.money.refunds'),
            dataIndex: 'refundFen',
            width: 110,
            render: (fen: number) => yuanText(fen),
          },
          {
            title: t('operator.money.balanceConsumed'),
            dataIndex: 'balanceConsumedFen',
            width: 120,
            render: (fen: number) => yuanText(fen),
          },
          ...REPORT_KINDS.map((kind) => ({
            title: kind.name,
            key: `credits-${kind.type}`,
            width: 100,
            render: (_: unknown, row: DailyFigure) => row.creditsConsumed[kind.type - 1] ?? 0,
          })),
        ]}
      />
    </ConsolePageFrame>
  );
}
