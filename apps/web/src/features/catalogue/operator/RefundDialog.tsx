import { formatFen } from '@taxlens/shared';
import { Alert, Form, Input, Modal } from 'antd';
import { useState } from 'react';
import { t } from '../../../locales';
import { catalogueOperatorApi, type OperatorRequest } from '../api';

/**
 * 运营 refunds a shop purchase: the dialog says what will happen (balance back, pack credits
 * taken back, once only) and asks for the reason; nothing runs until 确认退款.
 */
export function RefundDialog({
  row,
  onClose,
  onDone,
}: {
  row: OperatorRequest | null;
  onClose: () => void;
  onDone: () => void;
}) {
  const [form] = Form.useForm<{ reason: string }>();
  const [busy, setBusy] = useState(false);
  const submit = async () => {
    if (!row) return;
    const { reason } = await form.validateFields();
    setBusy(true);
    try {
      await catalogueOperatorApi.refund(row.id, reason.trim());
      form.resetFields();
      onDone();
    } catch {
      // The http client has shown the server's message (e.g. the credits were already used).
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal
      open={row !== null}
      title={row ? t('shop.operator.refundTitle', { title: row.title }) : ''}
      okText={t('shop.operator.refundOk')}
      okButtonProps={{ danger: true, loading: busy }}
      onOk={submit}
      onCancel={() => {
        form.resetFields();
        onClose();
      }}
      destroyOnHidden
    >
      {row && (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 16 }}
          message={`${row.orderNo ?? ''} ${row.groupName}`}
          description={t('shop.operator.refundWarning', { amount: formatFen(row.priceFen ?? 0) })}
        />
      )}
      <Form form={form} layout="vertical">
        <Form.Item
          name="reason"
          label={t('shop.operator.refundReason')}
          rules={[{ required: true, whitespace: true, message: t('shop.operator.refundReasonRequired') }]}
        >
          <Input.TextArea rows={3} maxLength={200} showCount data-testid="refund-reason" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
