import { BILLING_LIMITS, REPORT_KINDS, type SessionUser } from '@taxlens/shared';
import { App, Form, InputNumber, Modal, Radio, Select } from 'antd';
import { t } from '../../../locales';
import { showFormError } from '../lib/form-errors';
import { positiveYuanToFen, yuanText } from '../lib/money';
import { useGiving, useSubordinates, useTakeBack, useWallet } from '../queries';
import type { Wallet } from '../types';
import { CreditCountInput } from './CreditCountInput';
import { SubAccountSelect, subAccountLabel } from './SubAccountSelect';

export type TransferMode = 'give' | 'take_back';

interface TransferModalProps {
  mode: TransferMode;
  open: boolean;
  onClose: () => void;
  user: SessionUser;
  /** The signed-in user's own wallet (the source when giving). */
  myWallet: Wallet | undefined;
  /** The account preselected (划拨 from a row of the user list). */
  initialUserId?: number;
}

interface Values {
  userId?: number;
  kind: 'balance' | 'credits';
  amountYuan?: string | null;
  numberType?: number;
  count?: number | null;
}

/** What a supervisor may move with: only staff; the main account: every sub-account. */
export function transferLevels(level: number): readonly number[] {
  return level === 1 ? [2, 3] : [3];
}

function available(wallet: Wallet | undefined, kind: Values['kind'], numberType: number | undefined) {
  if (!wallet) return undefined;
  if (kind === 'balance') return wallet.balance;
  return wallet.numberList.find((item) => item.type === numberType)?.count;
}

/** 转给子账号 / 收回: balance in 元 (sent as fen) or a count of one credit type, after a confirmation. */
export function TransferModal({ mode, open, onClose, user, myWallet, initialUserId }: TransferModalProps) {
  const [form] = Form.useForm<Values>();
  const { modal, message } = App.useApp();
  const giving = useGiving();
  const takeBack = useTakeBack();
  const subordinates = useSubordinates(open);
  const userId = Form.useWatch('userId', form);
  const kind = Form.useWatch('kind', form) ?? 'balance';
  const numberType = Form.useWatch('numberType', form);
  const theirs = useWallet(userId, open && mode === 'take_back' && userId !== undefined);
  const source = mode === 'give' ? myWallet : theirs.data;
  const limit = available(source, kind, numberType);
  const pending = giving.isPending || takeBack.isPending;

  const availableText = (() => {
    if (mode === 'take_back' && userId === undefined) return null;
    if (kind === 'credits' && numberType === undefined) return null;
    const value =
      limit === undefined
        ? '-'
        : kind === 'balance'
          ? yuanText(limit)
          : t('billing.common.timesCount', { count: limit ?? 0 });
    return mode === 'give'
      ? t('billing.transfer.availableMine', { value })
      : t('billing.transfer.availableTheirs', { value });
  })();

  const submit = async () => {
    const values = await form.validateFields();
    const account = subordinates.data?.list.find((item) => item.userId === values.userId);
    if (!account || values.userId === undefined) return;
    const amount =
      values.kind === 'balance'
        ? { balance: positiveYuanToFen(values.amountYuan) ?? 0 }
        : { numberType: values.numberType as 1 | 2 | 3 | 4 | 5 | 6, count: values.count ?? 0 };
    const kindName = REPORT_KINDS.find((item) => item.type === values.numberType)?.name ?? '';
    const what =
      'balance' in amount
        ? `${t('billing.transfer.kindBalance')} ${yuanText(amount.balance)}`
        : `${amount.count} ${t('billing.common.times')}“${kindName}”`;
    const who = subAccountLabel(account);
    modal.confirm({
      title: t('billing.transfer.confirmTitle'),
      content:
        mode === 'give'
          ? t('billing.transfer.giveConfirm', { what, who })
          : t('billing.transfer.takeBackConfirm', { what, who }),
      okText: t('common.confirm'),
      cancelText: t('common.cancel'),
      onOk: async () => {
        try {
          if (mode === 'give') await giving.mutateAsync({ toUserId: account.userId, ...amount });
          else await takeBack.mutateAsync({ fromUserId: account.userId, ...amount });
          message.success(mode === 'give' ? t('billing.transfer.giveDone') : t('billing.transfer.takeBackDone'));
          onClose();
        } catch (error) {
          showFormError(error, form, {
            toUserId: 'userId',
            fromUserId: 'userId',
            balance: 'amountYuan',
            numberType: 'numberType',
            count: 'count',
          });
        }
      },
    });
  };

  const exceeds = (value: number) => limit !== undefined && limit !== null && value > limit;

  return (
    <Modal
      open={open}
      title={mode === 'give' ? t('billing.transfer.giveTitle') : t('billing.transfer.takeBackTitle')}
      onCancel={onClose}
      onOk={submit}
      okText={t('billing.transfer.submit')}
      cancelText={t('common.cancel')}
      confirmLoading={pending}
      destroyOnHidden
    >
      <Form
        form={form}
        layout="vertical"
        preserve={false}
        requiredMark={false}
        initialValues={{ kind: 'balance', userId: initialUserId }}
      >
        <Form.Item
          name="userId"
          label={t('billing.transfer.account')}
          rules={[{ required: true, message: t('billing.transfer.accountRequired') }]}
        >
          <SubAccountSelect levels={transferLevels(user.level)} testId="transfer-account" />
        </Form.Item>
        <Form.Item name="kind" label={t('billing.transfer.kind')}>
          <Radio.Group
            optionType="button"
            options={[
              { value: 'balance', label: t('billing.transfer.kindBalance') },
              { value: 'credits', label: t('billing.transfer.kindCredits') },
            ]}
          />
        </Form.Item>
        {kind === 'balance' ? (
          <Form.Item
            name="amountYuan"
            label={t('billing.transfer.amount')}
            rules={[
              { required: true, message: t('billing.transfer.amountRequired') },
              {
                validator: async (_rule, value: string | null | undefined) => {
                  if (value === null || value === undefined || value === '') return;
                  const fen = positiveYuanToFen(value, { maxFen: BILLING_LIMITS.transferMaxFen });
                  if (fen === null) throw new Error(t('billing.transfer.amountInvalid'));
                  if (exceeds(fen)) throw new Error(t('billing.transfer.exceeds'));
                },
              },
            ]}
            extra={availableText}
          >
            <InputNumber<string>
              stringMode
              min="0.01"
              precision={2}
              style={{ width: '100%' }}
              prefix={t('common.yuanSymbol')}
              suffix={t('billing.common.yuan')}
              data-testid="transfer-amount"
            />
          </Form.Item>
        ) : (
          <>
            <Form.Item
              name="numberType"
              label={t('billing.transfer.type')}
              rules={[{ required: true, message: t('billing.transfer.typeRequired') }]}
            >
              <Select
                placeholder={t('billing.transfer.typeRequired')}
                options={REPORT_KINDS.map((item) => ({ value: item.type, label: item.name }))}
                data-testid="transfer-type"
              />
            </Form.Item>
            <Form.Item
              name="count"
              label={t('billing.transfer.count')}
              extra={availableText}
              rules={[
                { required: true, message: t('billing.transfer.countRequired') },
                {
                  validator: async (_rule, value: number | null | undefined) => {
                    if (value === null || value === undefined) return;
                    if (!Number.isInteger(value) || value < 1 || value > BILLING_LIMITS.creditCountMax) {
                      throw new Error(t('billing.toNumber.countInvalid', { max: BILLING_LIMITS.creditCountMax }));
                    }
                    if (exceeds(value)) throw new Error(t('billing.transfer.exceeds'));
                  },
                },
              ]}
            >
              <CreditCountInput data-testid="transfer-count" />
            </Form.Item>
          </>
        )}
      </Form>
    </Modal>
  );
}
