import { useQueryClient } from '@tanstack/react-query';
import { formatFen, PHONE_RULE, SHOP_MESSAGES, type ShopScene } from '@taxlens/shared';
import { Alert, App, Descriptions, Form, Input, Modal } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { textRule } from '../../../lib/form-rules';
import { isApiError } from '../../../lib/http';
import { t } from '../../../locales';
import { refreshSessionUser, useSessionUser } from '../../auth/queries';
import { newRequestKey } from '../../reports/lib/request-key';
import { type ContactInput, type ShopItem, shopApi } from '../api';
import { myRequestsKey } from './MyRequests';
import { ShopPrice } from './ShopGrid';

interface DialogProps {
  scene: ShopScene;
  item: ShopItem;
  onClose: () => void;
}

/** Contact fields: required when people deliver the item or answer the inquiry. */
function ContactFields({ required }: { required: boolean }) {
  return (
    <>
      <Form.Item
        name="contactName"
        label={t('shop.contactName')}
        rules={required ? [{ required: true, whitespace: true, message: t('shop.contactRequired') }] : []}
      >
        <Input maxLength={20} data-testid="shop-contact-name" />
      </Form.Item>
      <Form.Item
        name="contactPhone"
        label={t('shop.contactPhone')}
        required={required}
        rules={required ? [textRule(PHONE_RULE)] : []}
        validateTrigger="onBlur"
      >
        <Input maxLength={11} inputMode="numeric" data-testid="shop-contact-phone" />
      </Form.Item>
      <Form.Item name="remark" label={t('shop.remark')}>
        <Input.TextArea maxLength={200} rows={2} placeholder={t('shop.remarkHint')} />
      </Form.Item>
    </>
  );
}

/** Shows a refusal: field errors beside their fields, anything else above the form. */
function useRefusal(form: ReturnType<typeof Form.useForm<ContactInput>>[0]) {
  const [refusal, setRefusal] = useState<{ msg: string; status: number } | null>(null);
  const show = (error: unknown) => {
    if (!isApiError(error)) return setRefusal({ msg: String(error), status: 0 });
    const fields = Object.entries(error.fields);
    if (fields.length > 0)
      form.setFields(
        fields.map(([name, message]) => ({ name: name as keyof ContactInput, errors: [String(message)] })),
      );
    setRefusal({ msg: error.msg, status: error.status });
  };
  return { refusal, show, clear: () => setRefusal(null) };
}

/**
 * Buying from the balance: the price, the balance (masked without viewBalance), contact fields for
 * items that people deliver. One request key per opened dialog, so a double click buys once.
 */
export function BuyDialog({ scene, item, onClose }: DialogProps) {
  const { message } = App.useApp();
  const client = useQueryClient();
  const user = useSessionUser();
  const [form] = Form.useForm<ContactInput>();
  const [requestKey] = useState(newRequestKey);
  const [busy, setBusy] = useState(false);
  const { refusal, show, clear } = useRefusal(form);
  const pay = async (values: ContactInput) => {
    setBusy(true);
    clear();
    try {
      await shopApi.buy(scene, item.id, requestKey, values);
      message.success(SHOP_MESSAGES.bought);
      await Promise.all([client.invalidateQueries({ queryKey: myRequestsKey(scene) }), refreshSessionUser()]);
      onClose();
    } catch (error) {
      show(error);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal
      open
      title={t('shop.buyTitle')}
      okText={t('shop.pay')}
      confirmLoading={busy}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      {refusal && (
        <Alert
          type="error"
          showIcon
          style={{ marginBottom: 12 }}
          message={refusal.msg}
          action={refusal.status === 402 ? <Link to="/pay">{t('shop.topUp')}</Link> : undefined}
          data-testid="shop-refusal"
        />
      )}
      <Descriptions
        column={1}
        size="small"
        items={[
          { key: 'item', label: t('shop.item'), children: item.title },
          { key: 'price', label: t('shop.price'), children: <ShopPrice item={item} /> },
          {
            key: 'balance',
            label: t('shop.balance'),
            children: user?.balance === null || user?.balance === undefined ? '******' : `¥${formatFen(user.balance)}`,
          },
          ...(item.grant ? [{ key: 'grant', label: t('shop.deliverables'), children: item.grant.label }] : []),
        ]}
      />
      <div className="tl-muted" style={{ margin: '8px 0 12px' }}>
        {t('shop.paidFrom')}
      </div>
      <Form<ContactInput>
        form={form}
        layout="vertical"
        onFinish={pay}
        initialValues={{ contactPhone: user?.phone ?? '' }}
        data-testid="shop-buy-form"
      >
        <ContactFields required={!item.grant} />
      </Form>
    </Modal>
  );
}

/** An inquiry for any item (priced or 面议): it reaches the operator console's follow-up list. */
export function InquiryDialog({ scene, item, onClose }: DialogProps) {
  const { message } = App.useApp();
  const client = useQueryClient();
  const [form] = Form.useForm<ContactInput>();
  const [busy, setBusy] = useState(false);
  const { refusal, show, clear } = useRefusal(form);
  const send = async (values: ContactInput) => {
    setBusy(true);
    clear();
    try {
      await shopApi.inquire(scene, item.id, values);
      message.success(SHOP_MESSAGES.inquired);
      await client.invalidateQueries({ queryKey: myRequestsKey(scene) });
      onClose();
    } catch (error) {
      show(error);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal
      open
      title={`${t('shop.inquiryTitle')}：${item.title}`}
      okText={t('shop.inquirySubmit')}
      confirmLoading={busy}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      {refusal && <Alert type="error" showIcon style={{ marginBottom: 12 }} message={refusal.msg} />}
      <Form<ContactInput> form={form} layout="vertical" onFinish={send} data-testid="shop-inquiry-form">
        <ContactFields required />
      </Form>
    </Modal>
  );
}
