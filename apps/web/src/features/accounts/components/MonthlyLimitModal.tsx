import type { ChildUser } from '@taxlens/shared';
import { App, Form, InputNumber, Modal, Typography } from 'antd';
import { t } from '../../../locales';
import { fenToYuanInput, yuanInputToFen } from '../../billing/lib/money';
import { useSetMonthlyLimitMutation } from '../wallet-settings';

/** 额度: a sub-account's monthly cap on what it may draw from the main account's wallet. */
export function MonthlyLimitModal({ child, onClose }: { child: ChildUser; onClose: () => void }) {
  const { message } = App.useApp();
  const [form] = Form.useForm<{ limit?: string | null }>();
  const save = useSetMonthlyLimitMutation();
  const submit = async () => {
    const { limit } = await form.validateFields();
    const monthlyLimitFen = yuanInputToFen(limit);
    await save.mutateAsync({ userId: child.userId, monthlyLimitFen });
    message.success(t('staff.limit.saved'));
    onClose();
  };
  return (
    <Modal
      open
      title={t('staff.limit.title', { name: child.nickName ?? child.phone })}
      onCancel={onClose}
      onOk={() => submit().catch(() => undefined)}
      confirmLoading={save.isPending}
      okText={t('common.confirm')}
      cancelText={t('common.cancel')}
      destroyOnHidden
    >
      <Typography.Paragraph type="secondary">{t('staff.limit.hint')}</Typography.Paragraph>
      <Form
        form={form}
        layout="vertical"
        initialValues={{ limit: child.monthlyLimitFen === null ? null : fenToYuanInput(child.monthlyLimitFen) }}
      >
        <Form.Item
          name="limit"
          label={t('staff.limit.label')}
          rules={[
            {
              validator: async (_rule, value: string | null | undefined) => {
                if (value === null || value === undefined || value === '') return;
                const fen = yuanInputToFen(value);
                if (fen === null || fen < 0) throw new Error(t('staff.limit.invalid'));
              },
            },
          ]}
        >
          <InputNumber<string>
            stringMode
            min="0"
            precision={2}
            style={{ width: '100%' }}
            placeholder={t('staff.limit.placeholder')}
            suffix={t('billing.common.yuan')}
            data-testid="monthly-limit-input"
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
