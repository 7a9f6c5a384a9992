import { BILLING_LIMITS } from '@taxlens/shared';
import { Alert, Descriptions, Typography } from 'antd';
import { t } from '../../../locales';
import { yuanText } from '../lib/money';
import type { PayInstruction } from '../types';

type BankTransfer = NonNullable<PayInstruction['bankTransfer']>;

/** Payee, amount and reference of a 对公转账 order; an operator confirms the money when it arrives. */
export function BankTransferDetails({ transfer }: { transfer: BankTransfer }) {
  const copyable = (text: string) => ({ text, tooltips: [t('billing.bank.copy'), t('billing.bank.copied')] });
  return (
    <div className="tl-bank-details" data-testid="bank-transfer-details">
      {transfer.notice && <Alert type="warning" showIcon title={transfer.notice} className="tl-bill-alert" />}
      <Descriptions
        size="small"
        column={1}
        bordered
        items={[
          {
            key: 'accountName',
            label: t('billing.bank.accountName'),
            children: (
              <Typography.Text copyable={copyable(transfer.accountName)}>{transfer.accountName}</Typography.Text>
            ),
          },
          { key: 'bankName', label: t('billing.bank.bankName'), children: transfer.bankName },
          {
            key: 'accountNo',
            label: t('billing.bank.accountNo'),
            children: (
              <Typography.Text copyable={copyable(transfer.accountNo.replace(/\s/g, ''))}>
                {transfer.accountNo}
              </Typography.Text>
            ),
          },
          {
            key: 'amount',
            label: t('billing.bank.amount'),
            children: <Typography.Text strong>{yuanText(transfer.amountFen)}</Typography.Text>,
          },
          {
            key: 'reference',
            label: t('billing.bank.reference'),
            children: (
              <span>
                <Typography.Text copyable={copyable(transfer.reference)} strong data-testid="bank-reference">
                  {transfer.reference}
                </Typography.Text>
                <Typography.Text type="secondary" className="tl-bill-block">
                  {t('billing.bank.referenceHint')}
                </Typography.Text>
              </span>
            ),
          },
        ]}
      />
      <Typography.Paragraph type="secondary" className="tl-bill-note">
        {t('billing.bank.confirmNote', { days: BILLING_LIMITS.bankTransferTimeoutDays })}
      </Typography.Paragraph>
    </div>
  );
}
