import { hasPermission, type LedgerReason, REPORT_KINDS } from '@taxlens/shared';
import { Button, Card, Flex, Select, Space, Tag, Tooltip, Typography } from 'antd';
import { useState } from 'react';
import { ExportButton } from '../../../components/ExportButton';
import { t } from '../../../locales';
import { ListHideToggle } from '../../accounts/components/ListHideToggle';
import { useSessionUser } from '../../auth/queries';
import { billingApi, type NumFlowQuery } from '../api';
import { BalanceToNumModal } from '../components/BalanceToNumModal';
import { BillingPageFrame } from '../components/BillingPageFrame';
import { CreditGrid } from '../components/CreditGrid';
import { DateRangeFilter } from '../components/DateRangeFilter';
import { FlowTable } from '../components/FlowTable';
import { ReasonSelect } from '../components/LedgerFilters';
import { LoadError } from '../components/LoadError';
import { TransferModal, type TransferMode } from '../components/TransferModal';
import { usePagedQuery } from '../hooks/usePagedQuery';
import { yuanText } from '../lib/money';
import { withoutPage } from '../lib/paging';
import { useBuyConfig, useNumFlow, useWallet } from '../queries';

/** Reasons that move credits (the balance-only ones would always answer an empty list here). */
const CREDIT_REASONS: readonly LedgerReason[] = [
  'package_purchase',
  'credit_purchase',
  'report_charge',
  'report_refund',
  'transfer_out',
  'transfer_in',
  'take_back_out',
  'take_back_in',
  'operator_adjust',
  'demo_seed',
  // A credits pack bought in the product centre (issue 15).
  'mall_purchase',
  // Credits of a refunded pack taken back.
  'mall_refund',
];

const FIRST_PAGE: NumFlowQuery = { page: 1, size: 10 };

/** /my/number 次数管理: credits per type, 余额转次数, transfers with sub-accounts and the credit flow. */
export function NumberPage() {
  const user = useSessionUser();
  const wallet = useWallet(undefined);
  const prices = useBuyConfig();
  const { query, setQuery, filter, pagination } = usePagedQuery(FIRST_PAGE);
  const flow = useNumFlow(query);
  const [toNumberType, setToNumberType] = useState<number | null>(null);
  const [transfer, setTransfer] = useState<TransferMode | null>(null);
  if (!user) return null;

  const mayTransfer = user.level === 1 || user.level === 2;
  // Choosing the sub-account reads findSubordinateUser, which needs the organisation rights.
  const mayPick = hasPermission(user, ['firmManage', 'tissueArchitecture']);
  const transferButton = (mode: TransferMode, label: string, testId: string) => {
    const button = (
      <Button onClick={() => setTransfer(mode)} disabled={!mayPick || !wallet.data} data-testid={testId}>
        {label}
      </Button>
    );
    return mayPick ? button : <Tooltip title={t('billing.number.transferNeedsManage')}>{button}</Tooltip>;
  };

  return (
    <BillingPageFrame
      title={t('billing.number.title')}
      subtitle={t('billing.number.subtitle')}
      testId="number-page"
      extra={
        <Space wrap>
          <Button
            type="primary"
            onClick={() => setToNumberType(0)}
            disabled={!prices.data}
            data-testid="open-to-number"
          >
            {t('billing.number.toNumber')}
          </Button>
          {mayTransfer && transferButton('give', t('billing.number.give'), 'open-give')}
          {mayTransfer && transferButton('take_back', t('billing.number.takeBack'), 'open-take-back')}
        </Space>
      }
    >
      <Card
        title={t('billing.credits.title')}
        className="tl-bill-card"
        extra={
          wallet.data && (
            <Typography.Text type="secondary">
              {t('billing.toNumber.available')}：
              <Typography.Text strong data-testid="number-balance">
                {yuanText(wallet.data.balance)}
              </Typography.Text>
            </Typography.Text>
          )
        }
      >
        {wallet.isError ? (
          <LoadError compact onRetry={() => wallet.refetch()} />
        ) : (
          <CreditGrid
            items={wallet.data?.numberList}
            prices={prices.data?.prices}
            loading={wallet.isLoading}
            footer={(type) => {
              const price = prices.data?.prices.find((item) => item.type === type);
              return price && price.priceFen > 0 ? (
                <Button size="small" type="link" className="tl-credit-action" onClick={() => setToNumberType(type)}>
                  {t('billing.balanceCard.toNumber')}
                </Button>
              ) : null;
            }}
          />
        )}
      </Card>

      <Card title={t('billing.number.flowTitle')} className="tl-bill-card" data-testid="number-flow">
        <Flex gap={12} wrap className="tl-bill-filters">
          <Select<number>
            allowClear
            placeholder={t('billing.number.allTypes')}
            style={{ width: 220 }}
            value={query.numberType}
            onChange={(numberType) => filter({ numberType })}
            options={REPORT_KINDS.map((kind) => ({ value: kind.type, label: kind.name }))}
          />
          <ReasonSelect reasons={CREDIT_REASONS} value={query.reason} onChange={(reason) => filter({ reason })} />
          <DateRangeFilter value={query} onChange={(range) => filter(range)} />
          <Button onClick={() => setQuery(FIRST_PAGE)}>{t('billing.common.reset')}</Button>
          <ListHideToggle hiddenName="flowNumHidden" label={t('billing.flow.hideAmounts')} />
          <ExportButton onExport={() => billingApi.exportNumFlow(withoutPage(query))} testId="number-flow-export">
            {t('billing.common.exportExcel')}
          </ExportButton>
        </Flex>
        {flow.data?.totals.some((total) => total.income > 0 || total.expense > 0) && (
          <div className="tl-flow-totals">
            <Typography.Text type="secondary">{t('billing.number.totalsHint')}</Typography.Text>
            {flow.data.totals
              .filter((total) => total.income > 0 || total.expense > 0)
              .map((total) => (
                <Tag key={total.type} variant="filled">
                  {total.name}：{t('billing.number.income')} {total.income} / {t('billing.number.expense')}{' '}
                  {total.expense}
                </Tag>
              ))}
          </div>
        )}
        <FlowTable
          rows={flow.data?.list}
          loading={flow.isFetching}
          pagination={pagination(flow.data?.total)}
          testId="number-flow-table"
          hideAmounts={user.listHidden.flowNumHidden === 1}
        />
      </Card>

      <BalanceToNumModal
        open={toNumberType !== null}
        onClose={() => setToNumberType(null)}
        balance={wallet.data?.balance}
        prices={prices.data?.prices ?? []}
        initialType={toNumberType || undefined}
      />
      {mayTransfer && (
        <TransferModal
          mode={transfer ?? 'give'}
          open={transfer !== null}
          onClose={() => setTransfer(null)}
          user={user}
          myWallet={wallet.data}
        />
      )}
    </BillingPageFrame>
  );
}
