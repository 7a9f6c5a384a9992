import { useQueryClient } from '@tanstack/react-query';
import { type GroupDetail, REPORT_KINDS } from '@taxlens/shared';
import { App, Button, Form, Input, InputNumber, Select } from 'antd';
import { isApiError } from '../../../lib/http';
import { t } from '../../../locales';
import { yuanInputToFen } from '../../billing/lib/money';
import { applyFieldErrors } from '../lib/field-errors';
import { customersApi } from './api';

interface Values {
  userId: number;
  asset: number;
  amount: string;
  reason: string;
}

/**
 * Adds to or takes from a member's balance or credits with a mandatory reason: one ledger row and
 * one audit row. The server refuses a result below zero and names the field.
 */
export function WalletAdjustForm({ group }: { group: GroupDetail }) {
  const { message } = App.useApp();
  const client = useQueryClient();
  const [form] = Form.useForm<Values>();
  const asset = Form.useWatch('asset', form) ?? 0;
  const main = group.users.find((user) => user.level === 1) ?? group.users[0];

  const submit = async (values: Values) => {
    const delta = values.asset === 0 ? yuanInputToFen(values.amount) : Number(values.amount);
    if (delta === null || !Number.isSafeInteger(delta)) {
      form.setFields([{ name: 'amount', errors: [t('operator.wallet.badAmount')] }]);
      return;
    }
    try {
      const result = await customersApi.adjustWallet({
        userId: values.userId,
        asset: values.asset,
        delta,
        reason: values.reason ?? '',
      });
      message.success(
        t('operator.wallet.done', { after: values.asset === 0 ? (result.after / 100).toFixed(2) : result.after }),
      );
      form.resetFields(['amount', 'reason']);
      await client.invalidateQueries({ queryKey: ['operator'] });
    } catch (error) {
      // The server names `delta`; the form calls it `amount`.
      if (isApiError(error)) applyFieldErrors(form, error, message, { delta: 'amount' });
    }
  };

  return (
    <Form
      form={form}
      layout="vertical"
      initialValues={{ userId: main?.userId, asset: 0 }}
      onFinish={(values) => void submit(values)}
      className="op-narrow-form"
    >
      <Form.Item name="userId" label={t('operator.wallet.user')} rules={[{ required: true }]}>
        <Select options={group.users.map((user) => ({ value: user.userId, label: `${user.name}（${user.phone}）` }))} />
      </Form.Item>
      <Form.Item name="asset" label={t('operator.wallet.asset')}>
        <Select
          options={[
            { value: 0, label: t('operator.wallet.balance') },
            ...REPORT_KINDS.map((kind) => ({ value: kind.type, label: `${kind.name}${t('operator.wallet.credits')}` })),
          ]}
        />
      </Form.Item>
      <Form.Item
        name="amount"
        label={asset === 0 ? t('operator.wallet.amountYuan') : t('operator.wallet.amountCount')}
        extra={t('operator.wallet.amountHint')}
        rules={[{ required: true, message: t('operator.wallet.badAmount') }]}
      >
        <InputNumber<string> stringMode precision={asset === 0 ? 2 : 0} style={{ width: '100%' }} />
      </Form.Item>
      <Form.Item name="reason" label={t('operator.wallet.reason')}>
        <Input.TextArea maxLength={200} rows={2} placeholder={t('operator.wallet.reasonPlaceholder')} />
      </Form.Item>
      <Button type="primary" htmlType="submit">
        {t('operator.wallet.submit')}
      </Button>
    </Form>
  );
}
