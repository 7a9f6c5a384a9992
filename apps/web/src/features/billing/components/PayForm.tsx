import { formatFen } from '@taxlens/shared';
import { App, Button, Card, Empty, InputNumber, Radio, Result, Skeleton, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { t } from '../../../locales';
import { openPayment } from '../lib/bank-form';
import { showFormError } from '../lib/form-errors';
import { positiveYuanToFen } from '../lib/money';
import { useBankInfo, useBuyConfig, useUnifiedOrder } from '../queries';
import type { PayInstruction, PayMethod, TopUpRights } from '../types';
import { BankTransferDetails } from './BankTransferDetails';
import { LoadError } from './LoadError';
import { PackageCard, SelectableCard } from './PackageCard';

type Choice = { kind: 'package'; id: number } | { kind: 'custom' } | null;

const METHOD_LABELS = {
  sandbox: 'billing.pay.sandbox',
  bank_online: 'billing.pay.bankOnline',
  bank_transfer: 'billing.pay.bankTransfer',
} as const satisfies Record<PayMethod, string>;
const SUBMIT_LABELS = {
  sandbox: 'billing.pay.submitSandbox',
  bank_online: 'billing.pay.submitBankOnline',
  bank_transfer: 'billing.pay.submitTransfer',
} as const satisfies Record<PayMethod, string>;

/** Packages as cards, a custom amount, the payment method and the order button of /pay. */
export function PayForm({ rights }: { rights: TopUpRights }) {
  const config = useBuyConfig();
  const order = useUnifiedOrder();
  const navigate = useNavigate();
  const { modal } = App.useApp();
  // ?packageId= (the home page's discount dialog) preselects that package.
  const [params] = useSearchParams();
  const wanted = Number(params.get('packageId'));
  const [choice, setChoice] = useState<Choice>(
    Number.isSafeInteger(wanted) && wanted > 0 ? { kind: 'package', id: wanted } : null,
  );
  const [customYuan, setCustomYuan] = useState<string | null>(null);
  // The methods this deployment offers, sandbox first when it is on.
  const offered = rights.payMethods.map((item) => item.method);
  const [method, setMethod] = useState<PayMethod>(offered[0] ?? 'bank_transfer');
  const [created, setCreated] = useState<PayInstruction | null>(null);
  const [redirecting, setRedirecting] = useState(false);
  const bank = useBankInfo(offered.includes('bank_online')).data;

  const packages = config.data?.packages ?? [];
  const selectedPackage = choice?.kind === 'package' ? packages.find((item) => item.id === choice.id) : undefined;
  const limits = { minFen: rights.minTopUpFen, maxFen: rights.maxTopUpFen };
  const customFen = choice?.kind === 'custom' ? positiveYuanToFen(customYuan, limits) : null;
  const amountFen = selectedPackage ? (selectedPackage.discount?.priceFen ?? selectedPackage.priceFen) : customFen;
  const customInvalid = choice?.kind === 'custom' && customYuan !== null && customYuan !== '' && customFen === null;
  const itemName = selectedPackage
    ? selectedPackage.name
    : customFen !== null
      ? t('billing.pay.customItem', { amount: formatFen(customFen) })
      : '';

  if (config.isError) return <LoadError onRetry={() => config.refetch()} />;
  if (created?.bankTransfer) {
    return (
      <Card className="tl-bill-card" data-testid="transfer-created">
        <Result
          status="success"
          title={t('billing.pay.transferCreated')}
          subTitle={`${t('billing.order.orderNo')}：${created.orderNo}`}
          className="tl-bill-compact-result"
        />
        <BankTransferDetails transfer={created.bankTransfer} />
        <div className="tl-bill-actions-center">
          <Button type="primary" onClick={() => navigate('/my/order')}>
            {t('billing.pay.viewOrders')}
          </Button>
          <Button onClick={() => setCreated(null)}>{t('billing.pay.continue')}</Button>
        </div>
      </Card>
    );
  }

  const place = async () => {
    if (amountFen === null || amountFen === undefined || !choice) return;
    const body =
      choice.kind === 'package' ? { packageId: choice.id, payMethod: method } : { amountFen, payMethod: method };
    try {
      const instruction = await order.mutateAsync(body);
      if (openPayment(instruction)) setRedirecting(true);
      else setCreated(instruction);
    } catch (error) {
      showFormError(error);
    }
  };

  const confirm = () => {
    if (amountFen === null || amountFen === undefined) return;
    const methodLabel = t(METHOD_LABELS[method]);
    modal.confirm({
      title: t('billing.pay.confirmTitle'),
      content: (
        <div className="tl-bill-confirm-lines">
          <div>{t('billing.pay.confirmItem', { item: itemName })}</div>
          <div>{t('billing.pay.confirmAmount', { amount: formatFen(amountFen) })}</div>
          <div>{t('billing.pay.confirmMethod', { method: methodLabel })}</div>
          {method === 'sandbox' && <Tag color="gold">{t('billing.pay.sandboxTag')}</Tag>}
        </div>
      ),
      okText: t('common.confirm'),
      cancelText: t('common.cancel'),
      onOk: place,
    });
  };

  return (
    <div className="tl-pay-form" data-testid="pay-form">
      <Card title={t('billing.pay.packages')} className="tl-bill-card">
        {config.isLoading ? (
          <Skeleton active paragraph={{ rows: 4 }} />
        ) : (
          <div className="tl-pay-options">
            {packages.length === 0 && (
              <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('billing.pay.packagesEmpty')} />
            )}
            {packages.map((pack) => (
              <PackageCard
                key={pack.id}
                pack={pack}
                selected={choice?.kind === 'package' && choice.id === pack.id}
                onSelect={() => setChoice({ kind: 'package', id: pack.id })}
              />
            ))}
            <SelectableCard
              selected={choice?.kind === 'custom'}
              onSelect={() => setChoice({ kind: 'custom' })}
              testId="package-custom"
              label={t('billing.pay.custom')}
            >
              <Typography.Text strong className="tl-pay-option-name">
                {t('billing.pay.custom')}
              </Typography.Text>
              <InputNumber<string>
                stringMode
                precision={2}
                min="0"
                value={customYuan}
                onChange={(value) => {
                  setCustomYuan(value);
                  setChoice({ kind: 'custom' });
                }}
                onFocus={() => setChoice({ kind: 'custom' })}
                placeholder={t('billing.pay.customPlaceholder')}
                prefix={t('common.yuanSymbol')}
                suffix={t('billing.common.yuan')}
                status={customInvalid ? 'error' : undefined}
                style={{ width: '100%' }}
                aria-label={t('billing.pay.customLabel')}
                data-testid="custom-amount"
              />
              <Typography.Text type={customInvalid ? 'danger' : 'secondary'} className="tl-pay-option-desc">
                {customInvalid
                  ? t('billing.pay.customInvalid', { min: formatFen(limits.minFen), max: formatFen(limits.maxFen) })
                  : t('billing.pay.customRange', { min: formatFen(limits.minFen), max: formatFen(limits.maxFen) })}
              </Typography.Text>
            </SelectableCard>
          </div>
        )}
      </Card>

      <Card title={t('billing.pay.method')} className="tl-bill-card">
        <Radio.Group value={method} onChange={(event) => setMethod(event.target.value)} className="tl-pay-methods">
          {offered.includes('sandbox') && (
            <Radio value="sandbox" data-testid="method-sandbox">
              <span className="tl-pay-method-label">
                {t('billing.pay.sandbox')}
                <Tag color="gold" variant="filled">
                  {t('billing.pay.sandboxTag')}
                </Tag>
              </span>
              <Typography.Text type="secondary" className="tl-bill-block">
                {t('billing.pay.sandboxHint')}
              </Typography.Text>
            </Radio>
          )}
          {offered.includes('bank_online') && (
            <Radio value="bank_online" data-testid="method-bank-online">
              <span className="tl-pay-method-label">
                {t('billing.pay.bankOnline')}
                {bank?.mode && (
                  <Tag color={bank.mode === 'test' ? 'gold' : 'blue'} variant="filled">
                    {t(`billing.pay.bankOnlineMode.${bank.mode}`)}
                  </Tag>
                )}
              </span>
              <Typography.Text type="secondary" className="tl-bill-block">
                {t('billing.pay.bankOnlineHint', { bank: bank?.bankName ?? '' })}
              </Typography.Text>
            </Radio>
          )}
          <Radio value="bank_transfer" data-testid="method-bank-transfer">
            <span className="tl-pay-method-label">{t('billing.pay.bankTransfer')}</span>
            <Typography.Text type="secondary" className="tl-bill-block">
              {t('billing.pay.bankTransferHint')}
            </Typography.Text>
          </Radio>
        </Radio.Group>
      </Card>

      <Card className="tl-bill-card tl-pay-bar">
        <div className="tl-pay-bar-text">
          <Typography.Text type="secondary">{t('billing.pay.summary')}</Typography.Text>
          <span className="tl-pay-bar-amount" data-testid="pay-amount">
            {t('common.yuanSymbol')}
            {formatFen(amountFen ?? 0)}
          </span>
          <Typography.Text type="secondary">
            {itemName ? t('billing.pay.selected', { item: itemName }) : t('billing.pay.chooseFirst')}
          </Typography.Text>
        </div>
        <Button
          type="primary"
          size="large"
          disabled={amountFen === null || amountFen === undefined}
          loading={order.isPending || redirecting}
          onClick={confirm}
          data-testid="pay-submit"
        >
          {redirecting
            ? t(method === 'bank_online' ? 'billing.pay.redirectingBank' : 'billing.pay.redirecting')
            : t(SUBMIT_LABELS[method])}
        </Button>
      </Card>
    </div>
  );
}
