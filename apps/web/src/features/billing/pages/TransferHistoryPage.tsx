import { DownloadOutlined } from '@ant-design/icons';
import { formatDateTime, hasPermission } from '@taxlens/shared';
import { App, Button, Card, Empty, Flex, Table, type TableProps, Tag, Tooltip } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { PHONE_CARDS_CLASS, withCardLabels } from '../../../components/phone-cards';
import { downloadCsv } from '../../../lib/download';
import { t } from '../../../locales';
import { useSessionUser } from '../../auth/queries';
import type { TransferQuery } from '../api';
import { BillingPageFrame } from '../components/BillingPageFrame';
import { CreditIcon } from '../components/CreditIcon';
import { DateRangeFilter } from '../components/DateRangeFilter';
import { AssetSelect } from '../components/LedgerFilters';
import { SubAccountSelect } from '../components/SubAccountSelect';
import { usePagedQuery } from '../hooks/usePagedQuery';
import { assetAmount } from '../lib/amounts';
import { exportTransfersCsv } from '../lib/transfer-export';
import { useTransfers } from '../queries';
import type { TransferRecord } from '../types';

const FIRST_PAGE: TransferQuery = { page: 1, size: 10 };
const person = (name: string | null, phone: string) => (name ? `${name}（${phone}）` : phone);

/** /number/history 划拨记录: transfers and take-backs with filters, pagination and a CSV export. */
export function TransferHistoryPage() {
  const user = useSessionUser();
  const { message } = App.useApp();
  const { query, setQuery, filter, pagination } = usePagedQuery(FIRST_PAGE);
  const [exporting, setExporting] = useState(false);
  const records = useTransfers(query);
  if (!user) return null;
  // The account filter lists sub-accounts, which needs the organisation rights.
  const mayFilterAccount = user.level !== 3 && hasPermission(user, ['firmManage', 'tissueArchitecture']);

  const exportCsv = async () => {
    setExporting(true);
    try {
      const { page: _page, size: _size, ...filters } = query;
      const { csv, count } = await exportTransfersCsv(filters);
      if (count === 0) {
        message.info(t('billing.common.exportEmpty'));
        return;
      }
      downloadCsv(`${t('billing.history.fileName')}-${dayjs().format('YYYYMMDD-HHmm')}.csv`, csv);
      message.success(t('billing.common.exported', { count }));
    } catch {
      // The HTTP client has shown why.
    } finally {
      setExporting(false);
    }
  };

  const columns: TableProps<TransferRecord>['columns'] = [
    {
      title: t('billing.common.time'),
      dataIndex: 'createTime',
      width: 170,
      render: (value: string) => formatDateTime(value),
    },
    {
      title: t('billing.history.kind'),
      dataIndex: 'kindLabel',
      render: (label: string, row) => <Tag color={row.kind === 'give' ? 'blue' : 'orange'}>{label}</Tag>,
    },
    {
      title: t('billing.history.from'),
      dataIndex: 'fromPhone',
      render: (phone: string, row) => person(row.fromName, phone),
    },
    { title: t('billing.history.to'), dataIndex: 'toPhone', render: (phone: string, row) => person(row.toName, phone) },
    {
      title: t('billing.history.asset'),
      dataIndex: 'assetName',
      render: (name: string, row) => (
        <span className="tl-bill-inline">
          <CreditIcon type={row.asset} size={14} />
          {row.asset === 0 ? t('billing.common.balance') : name}
        </span>
      ),
    },
    {
      title: t('billing.history.amount'),
      dataIndex: 'amount',
      align: 'right',
      render: (amount: number, row) => <span className="tl-bill-number">{assetAmount(row.asset, amount)}</span>,
    },
    {
      title: t('billing.history.direction'),
      dataIndex: 'direction',
      render: (direction: TransferRecord['direction']) =>
        direction === 'in' ? (
          <Tag color="success">{t('billing.history.directionIn')}</Tag>
        ) : direction === 'out' ? (
          <Tag>{t('billing.history.directionOut')}</Tag>
        ) : (
          '-'
        ),
    },
    { title: t('billing.history.actor'), dataIndex: 'actorPhone' },
  ];

  return (
    <BillingPageFrame
      title={t('billing.history.title')}
      subtitle={t('billing.history.subtitle')}
      testId="history-page"
      extra={
        <Tooltip title={t('billing.history.exportHint')}>
          <Button icon={<DownloadOutlined />} loading={exporting} onClick={exportCsv} data-testid="history-export">
            {t('billing.history.exportCsv')}
          </Button>
        </Tooltip>
      }
    >
      <Card className="tl-bill-card">
        <Flex gap={12} wrap className="tl-bill-filters">
          {mayFilterAccount && (
            <SubAccountSelect
              allowClear
              allowDisabled
              placeholder={t('billing.history.accountPlaceholder')}
              value={query.userId}
              onChange={(userId) => filter({ userId })}
              style={{ width: 240 }}
            />
          )}
          <AssetSelect value={query.asset} onChange={(asset) => filter({ asset })} width={220} />
          <DateRangeFilter value={query} onChange={(range) => filter(range)} />
          <Button onClick={() => setQuery(FIRST_PAGE)}>{t('billing.common.reset')}</Button>
        </Flex>
        <Table<TransferRecord>
          rowKey="id"
          className={PHONE_CARDS_CLASS}
          columns={withCardLabels(columns)}
          dataSource={records.data?.list ?? []}
          loading={records.isFetching}
          scroll={{ x: 1000 }}
          locale={{
            emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('billing.history.empty')} />,
          }}
          pagination={pagination(records.data?.total)}
          data-testid="history-table"
        />
      </Card>
    </BillingPageFrame>
  );
}
