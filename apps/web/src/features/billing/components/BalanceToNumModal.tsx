import { BILLING_LIMITS, formatFen } from '@taxlens/shared';
import { App, Descriptions, Form, Modal, Select, Typography } from 'antd';
import { t } from '../../../locales';
import { showFormError } from '../lib/form-errors';
import { costFen, yuanText } from '../lib/money';
import { useBalanceToNum } from '../queries';
import type { PriceItem } from '../types';
import { CreditCountInput } from './CreditCountInput';

interface BalanceToNumModalProps {
  open: boolean;
  onClose: () => void;
  /** Fen; null when the balance is hidden from this user. */
  balance: number | null | undefined;
  prices: readonly PriceItem[];
  initialType?: number;
}

interface Values {
  numberType?: number;
  count?: number | null;
}

/** 余额转次数: buys credits of one type with the balance at the current price (count × price). */
export function BalanceToNumModal({ open, onClose, balance, prices, initialType }: BalanceToNumModalProps) {
  const [form] = Form.useForm<Values>();
  const { modal, message } = App.useApp();
  const mutation = useBalanceToNum();
  const numberType = Form.useWatch('numberType', form);
  const count = Form.useWatch('count', form);
  const price = prices.find((item) => item.type === numberType);
  const cost = price && count ? costFen(count, price.priceFen) : null;
  const insufficient = cost !== null && balance !== null && balance !== undefined && cost > balance;

  const submit = async () => {
    const values = await form.validateFields();
    if (!price || !values.count || cost === null) return;
    const chosen = { numberType: price.type as 1 | 2 | 3 | 4 | 5 | 6, count: values.count };
    modal.confirm({
      title: t('billing.toNumber.confirmTitle'),
      content: t('billing.toNumber.confirmContent', {
        cost: formatFen(cost),
        count: chosen.count,
        name: price.name,
      }),
      okText: t('billing.toNumber.submit'),
      cancelText: t('common.cancel'),
      onOk: async () => {
        try {
          await mutation.mutateAsync(chosen);
          message.success(t('billing.toNumber.success', { count: chosen.count }));
          onClose();
        } catch (error) {
          showFormError(error, form, { numberType: 'numberType', count: 'count' });
        }
      },
    });
  };

  return (
    <Modal
      open={open}
      title={t('billing.toNumber.title')}
      onCancel={onClose}
      onOk={submit}
      okText={t('billing.toNumber.submit')}
      cancelText={t('common.cancel')}
      okButtonProps={{ disabled: insufficient || (price !== undefined && price.priceFen === 0) }}
      confirmLoading={mutation.isPending}
      destroyOnHidden
      data-testid="to-number-modal"
    >
      {/* Mounted afresh each time the dialog opens: the starting values are there at once, never
          applied late over a choice made while the dialog was still opening. */}
      <Form
        form={form}
        layout="vertical"
        preserve={false}
        requiredMark={false}
        initialValues={{ numberType: initialType, count: 1 }}
      >
        <Form.Item
          name="numberType"
          label={t('billing.toNumber.type')}
          rules={[{ required: true, message: t('billing.toNumber.typeRequired') }]}
        >
          <Select
            placeholder={t('billing.toNumber.typeRequired')}
            options={prices.map((item) => ({
              value: item.type,
              label: `${item.name}（${item.priceFen > 0 ? yuanText(item.priceFen) : t('billing.credits.priceFree')}）`,
            }))}
            data-testid="to-number-type"
          />
        </Form.Item>
        <Form.Item
          name="count"
          label={t('billing.toNumber.count')}
          rules={[
            { required: true, message: t('billing.toNumber.countRequired') },
            {
              type: 'integer',
              min: 1,
              max: BILLING_LIMITS.creditCountMax,
              message: t('billing.toNumber.countInvalid', { max: BILLING_LIMITS.creditCountMax }),
            },
          ]}
        >
          <CreditCountInput data-testid="to-number-count" />
        </Form.Item>
      </Form>
      <Descriptions
        size="small"
        column={1}
        bordered
        items={[
          { key: 'price', label: t('billing.toNumber.unitPrice'), children: price ? yuanText(price.priceFen) : '-' },
          {
            key: 'cost',
            label: t('billing.toNumber.cost'),
            children: (
              <Typography.Text strong type={insufficient ? 'danger' : undefined} data-testid="to-number-cost">
                {cost !== null ? yuanText(cost) : '-'}
              </Typography.Text>
            ),
          },
          { key: 'balance', label: t('billing.toNumber.available'), children: yuanText(balance ?? null) },
        ]}
      />
      {insufficient && (
        <Typography.Text type="danger" className="tl-bill-hint">
          {t('billing.toNumber.insufficient')}
        </Typography.Text>
      )}
      {price?.priceFen === 0 && (
        <Typography.Text type="secondary" className="tl-bill-hint">
          {t('billing.toNumber.freeType')}
        </Typography.Text>
      )}
    </Modal>
  );
}
