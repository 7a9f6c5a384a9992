import {
  BILLING_LIMITS,
  checkCreditCode,
  creditCodeSchema,
  formatDateTime,
  formatFen,
  INVOICE_KIND_LABELS,
  INVOICE_KINDS,
  invoiceRequestSchema,
} from '@taxlens/shared';
import { App, Col, Empty, Form, Input, Modal, Radio, Row, Table, Typography } from 'antd';
import { useState } from 'react';
import { zodRule } from '../../../lib/form-rules';
import { t } from '../../../locales';
import { showFormError } from '../lib/form-errors';
import { tablePagination } from '../lib/paging';
import { useInvoiceableOrders, useRequestInvoice, useUserDetails } from '../queries';
import type { InvoiceKind, Order, PageQuery } from '../types';

interface Values {
  kind: InvoiceKind;
  title: string;
  taxNo: string;
  address?: string;
  phone?: string;
  bankName?: string;
  bankAccount?: string;
  email: string;
}

const FORM_FIELDS = ['kind', 'title', 'taxNo', 'address', 'phone', 'bankName', 'bankAccount', 'email'] as const;
const FIELD_MAP = Object.fromEntries(FORM_FIELDS.map((name) => [name, name]));
const shape = invoiceRequestSchema.shape;

/** Request a 普票 or 专票 for paid orders that no request covers yet (spec: /my/ticket). */
export function InvoiceRequestModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const [form] = Form.useForm<Values>();
  const { message } = App.useApp();
  const [page, setPage] = useState<PageQuery>({ page: 1, size: 5 });
  const [selected, setSelected] = useState<Map<number, Order>>(new Map());
  const [ordersError, setOrdersError] = useState<string | null>(null);
  const orders = useInvoiceableOrders(page, open);
  // The invoice is made out to the firm itself: its account subject's name and credit code.
  const details = useUserDetails();
  const request = useRequestInvoice();
  const kind = Form.useWatch('kind', form) ?? 'normal';
  const special = kind === 'special';
  const totalFen = [...selected.values()].reduce((sum, order) => sum + order.amountFen, 0);

  const reset = () => {
    setSelected(new Map());
    setOrdersError(null);
    setPage({ page: 1, size: 5 });
  };

  const submit = async () => {
    const values = await form.validateFields().catch(() => null);
    if (selected.size === 0) setOrdersError(t('billing.invoiceForm.ordersRequired'));
    if (!values || selected.size === 0) return;
    const optional = (value: string | undefined) => (value?.trim() ? value.trim() : undefined);
    try {
      const answer = await request.mutateAsync({
        orderIds: [...selected.keys()],
        kind: values.kind,
        title: values.title.trim(),
        taxNo: values.taxNo.trim().toUpperCase(),
        address: optional(values.address),
        phone: optional(values.phone),
        bankName: optional(values.bankName),
        bankAccount: optional(values.bankAccount),
        email: values.email.trim(),
      });
      message.success(t('billing.invoiceForm.submitted'));
      if (answer.warning) message.warning(answer.warning, 4);
      onClose();
    } catch (error) {
      showFormError(error, form, FIELD_MAP);
    }
  };

  const requiredIfSpecial = (text: string) => ({ required: special, whitespace: true, message: text });

  return (
    <Modal
      open={open}
      width={880}
      title={t('billing.invoiceForm.title')}
      onCancel={onClose}
      onOk={submit}
      okText={t('billing.invoiceForm.submit')}
      cancelText={t('common.cancel')}
      confirmLoading={request.isPending}
      destroyOnHidden
      afterOpenChange={(visible) => {
        if (!visible) reset();
      }}
    >
      <div className="tl-invoice-orders" data-testid="invoice-orders">
        <Typography.Text strong>{t('billing.invoiceForm.ordersLabel')}</Typography.Text>
        <Table<Order>
          rowKey="orderId"
          size="small"
          loading={orders.isFetching}
          dataSource={orders.data?.list ?? []}
          locale={{
            emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('billing.ticket.noOrders')} />,
          }}
          pagination={tablePagination(page, orders.data?.total, (next, size) => setPage({ page: next, size }))}
          rowSelection={{
            selectedRowKeys: [...selected.keys()],
            preserveSelectedRowKeys: true,
            onChange: (_keys, rows) =>
              setSelected((previous) => {
                const visible = new Set((orders.data?.list ?? []).map((order) => order.orderId));
                const next = new Map([...previous].filter(([id]) => !visible.has(id)));
                for (const row of rows) if (row) next.set(row.orderId, row);
                if (next.size > BILLING_LIMITS.invoiceMaxOrders) return previous;
                setOrdersError(null);
                return next;
              }),
          }}
          columns={[
            { title: t('billing.order.orderNo'), dataIndex: 'orderNo' },
            { title: t('billing.order.content'), dataIndex: 'title' },
            {
              title: t('billing.order.amount'),
              dataIndex: 'amountFen',
              align: 'right',
              render: (fen: number) => formatFen(fen),
            },
            {
              title: t('billing.order.paidTime'),
              dataIndex: 'paidTime',
              render: (value: string | null) => formatDateTime(value),
            },
          ]}
        />
        <Typography.Text type={ordersError ? 'danger' : 'secondary'} data-testid="invoice-selected">
          {ordersError ??
            t('billing.invoiceForm.selectedAmount', { count: selected.size, amount: formatFen(totalFen) })}
        </Typography.Text>
      </div>
      <Form
        form={form}
        layout="vertical"
        preserve={false}
        initialValues={{
          kind: 'normal',
          title: details.data?.groupName ?? undefined,
          taxNo: details.data?.groupCreditCode ?? undefined,
        }}
        className="tl-invoice-form"
      >
        <Form.Item name="kind" label={t('billing.invoiceForm.kind')}>
          <Radio.Group
            optionType="button"
            options={INVOICE_KINDS.map((value) => ({ value, label: INVOICE_KIND_LABELS[value] }))}
          />
        </Form.Item>
        <Row gutter={16}>
          <Col xs={24} md={12}>
            <Form.Item
              name="title"
              label={t('billing.invoiceForm.titleLabel')}
              rules={[
                { required: true, whitespace: true, message: t('billing.invoiceForm.titleRequired') },
                zodRule(shape.title),
              ]}
            >
              <Input
                placeholder={t('billing.invoiceForm.titlePlaceholder')}
                maxLength={100}
                data-testid="invoice-title"
              />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item
              name="taxNo"
              label={t('billing.invoiceForm.taxNo')}
              validateFirst
              rules={[
                { required: true, whitespace: true, message: t('billing.invoiceForm.taxNoRequired') },
                zodRule(creditCodeSchema),
                {
                  // The same rule as the server: a code failing only its check digit passes with a warning.
                  warningOnly: true,
                  validator: async (_rule, value: string | undefined) => {
                    if (value && checkCreditCode(value) === 'checksum-mismatch') {
                      throw new Error(t('billing.invoiceForm.taxNoChecksum'));
                    }
                  },
                },
              ]}
            >
              <Input
                placeholder={t('billing.invoiceForm.taxNoPlaceholder')}
                maxLength={18}
                data-testid="invoice-tax-no"
              />
            </Form.Item>
          </Col>
        </Row>
        {special && (
          <Typography.Paragraph type="secondary">{t('billing.invoiceForm.specialHint')}</Typography.Paragraph>
        )}
        <Row gutter={16}>
          <Col xs={24} md={12}>
            <Form.Item
              name="address"
              label={t('billing.invoiceForm.address')}
              rules={[requiredIfSpecial(t('billing.invoiceForm.addressRequired'))]}
            >
              <Input maxLength={200} />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item
              name="phone"
              label={t('billing.invoiceForm.phone')}
              rules={[requiredIfSpecial(t('billing.invoiceForm.phoneRequired'))]}
            >
              <Input maxLength={30} />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item
              name="bankName"
              label={t('billing.invoiceForm.bankName')}
              rules={[requiredIfSpecial(t('billing.invoiceForm.bankNameRequired'))]}
            >
              <Input maxLength={100} />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item
              name="bankAccount"
              label={t('billing.invoiceForm.bankAccount')}
              rules={[requiredIfSpecial(t('billing.invoiceForm.bankAccountRequired'))]}
            >
              <Input maxLength={40} />
            </Form.Item>
          </Col>
        </Row>
        <Form.Item
          name="email"
          label={t('billing.invoiceForm.email')}
          rules={[
            { required: true, whitespace: true, message: t('billing.invoiceForm.emailRequired') },
            zodRule(shape.email),
          ]}
        >
          <Input placeholder={t('billing.invoiceForm.emailPlaceholder')} maxLength={100} data-testid="invoice-email" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
