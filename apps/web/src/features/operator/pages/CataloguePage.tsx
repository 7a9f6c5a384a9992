import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type OperatorPackage, REPORT_KINDS } from '@taxlens/shared';
import { App, Button, Form, Input, InputNumber, Modal, Space, Switch, Table, Tag } from 'antd';
import { useState } from 'react';
import { isApiError } from '../../../lib/http';
import { t } from '../../../locales';
import { fenToYuanInput, yuanInputToFen, yuanText } from '../../billing/lib/money';
import { ConsolePageFrame } from '../components/ConsolePageFrame';
import { applyFieldErrors } from '../lib/field-errors';
import { moneyApi } from '../money/api';
import { operatorCan } from '../operator-session';

interface PackageForm {
  id?: number;
  name: string;
  description: string;
  price: string;
  balance: string;
  credits: number[];
  active: boolean;
  sort: number;
}

/** Packages (on sale or not) and the default price of each report kind; operations edits them. */
export function CataloguePage() {
  const { message } = App.useApp();
  const client = useQueryClient();
  const query = useQuery({ queryKey: ['operator', 'catalogue'], queryFn: moneyApi.catalogue });
  const [editing, setEditing] = useState<PackageForm | null>(null);
  const [form] = Form.useForm<PackageForm>();
  const [priceDrafts, setPriceDrafts] = useState<Record<number, string | null>>({});
  const canEdit = operatorCan(['ops']);
  const refresh = () => client.invalidateQueries({ queryKey: ['operator', 'catalogue'] });

  const savePrice = async (creditType: number) => {
    const fen = yuanInputToFen(priceDrafts[creditType] ?? null);
    if (fen === null) {
      message.error(t('operator.prices.invalid'));
      return;
    }
    try {
      await moneyApi.setDefaultPrice({ creditType, priceFen: fen });
      message.success(t('operator.common.saved'));
      await refresh();
    } catch (error) {
      if (isApiError(error)) message.error(error.fields.priceFen ?? error.msg);
    }
  };

  const savePackage = async (values: PackageForm) => {
    try {
      await moneyApi.savePackage({
        id: editing?.id,
        name: values.name,
        description: values.description ?? '',
        priceFen: yuanInputToFen(values.price) ?? -1,
        balanceFen: yuanInputToFen(values.balance) ?? 0,
        credits: values.credits.map((count) => count ?? 0),
        active: values.active,
        sort: values.sort ?? 0,
      });
      message.success(t('operator.common.saved'));
      setEditing(null);
      await refresh();
    } catch (error) {
      if (isApiError(error)) applyFieldErrors(form, error, message, { priceFen: 'price', balanceFen: 'balance' });
    }
  };

  const open = (pkg?: OperatorPackage) => {
    const initial: PackageForm = pkg
      ? { ...pkg, price: fenToYuanInput(pkg.priceFen), balance: fenToYuanInput(pkg.balanceFen) }
      : { name: '', description: '', price: '', balance: '0', credits: [0, 0, 0, 0, 0, 0], active: true, sort: 0 };
    setEditing(initial);
    form.setFieldsValue(initial);
  };

  return (
    <Space direction="vertical" size={16} className="op-stack">
      <ConsolePageFrame title={t('operator.money.defaultPrices')}>
        <Table
          rowKey="type"
          size="small"
          pagination={false}
          dataSource={REPORT_KINDS.map((kind) => ({ ...kind }))}
          scroll={{ x: 480 }}
          columns={[
            { title: t('operator.prices.kind'), dataIndex: 'name' },
            {
              title: t('operator.prices.default'),
              render: (_, kind) => {
                const price = query.data?.prices.find((entry) => entry.creditType === kind.type);
                if (!canEdit) return yuanText(price?.priceFen ?? 0);
                return (
                  <Space.Compact>
                    <InputNumber<string>
                      stringMode
                      aria-label={`${kind.name}${t('operator.prices.default')}`}
                      value={priceDrafts[kind.type] ?? (price ? fenToYuanInput(price.priceFen) : null)}
                      onChange={(value) => setPriceDrafts({ ...priceDrafts, [kind.type]: value })}
                    />
                    <Button onClick={() => void savePrice(kind.type)}>{t('operator.common.save')}</Button>
                  </Space.Compact>
                );
              },
            },
          ]}
        />
      </ConsolePageFrame>
      <ConsolePageFrame
        title={t('operator.money.packages')}
        extra={canEdit && <Button onClick={() => open()}>{t('operator.money.newPackage')}</Button>}
      >
        <Table<OperatorPackage>
          rowKey="id"
          size="small"
          loading={query.isFetching}
          dataSource={query.data?.packages}
          pagination={false}
          scroll={{ x: 720 }}
          columns={[
            { title: t('operator.money.packageName'), dataIndex: 'name' },
            {
              title: t('operator.money.amount'),
              dataIndex: 'priceFen',
              width: 110,
              render: (fen: number) => yuanText(fen),
            },
            {
              title: t('operator.wallet.balance'),
              dataIndex: 'balanceFen',
              width: 110,
              render: (fen: number) => yuanText(fen),
            },
            {
              title: t('operator.wallet.credits'),
              render: (_, pkg) =>
                REPORT_KINDS.filter((kind) => (pkg.credits[kind.type - 1] ?? 0) > 0)
                  .map((kind) => `${kind.name}×${pkg.credits[kind.type - 1]}`)
                  .join('，') || '—',
            },
            {
              title: t('operator.money.onSale'),
              dataIndex: 'active',
              width: 80,
              render: (active: boolean) =>
                active ? (
                  <Tag color="green">{t('operator.money.onSale')}</Tag>
                ) : (
                  <Tag>{t('operator.money.offSale')}</Tag>
                ),
            },
            ...(canEdit
              ? [
                  {
                    title: '',
                    width: 70,
                    render: (_: unknown, pkg: OperatorPackage) => (
                      <Button type="link" size="small" onClick={() => open(pkg)}>
                        {t('operator.common.edit')}
                      </Button>
                    ),
                  },
                ]
              : []),
          ]}
        />
      </ConsolePageFrame>
      <Modal
        open={editing !== null}
        title={editing?.id ? t('operator.common.edit') : t('operator.money.newPackage')}
        onCancel={() => setEditing(null)}
        onOk={() => void form.validateFields().then(savePackage)}
        destroyOnHidden
      >
        <Form form={form} layout="vertical" preserve={false}>
          <Form.Item name="name" label={t('operator.money.packageName')} rules={[{ required: true, min: 2, max: 30 }]}>
            <Input />
          </Form.Item>
          <Form.Item name="description" label={t('operator.money.description')}>
            <Input maxLength={200} />
          </Form.Item>
          <Space wrap>
            <Form.Item name="price" label={t('operator.money.priceYuan')} rules={[{ required: true }]}>
              <InputNumber<string> stringMode min="0.01" precision={2} />
            </Form.Item>
            <Form.Item name="balance" label={t('operator.money.balanceYuan')}>
              <InputNumber<string> stringMode min="0" precision={2} />
            </Form.Item>
            <Form.Item name="sort" label={t('operator.money.sort')}>
              <InputNumber precision={0} />
            </Form.Item>
            <Form.Item name="active" label={t('operator.money.onSale')} valuePropName="checked">
              <Switch />
            </Form.Item>
          </Space>
          <Space wrap>
            {REPORT_KINDS.map((kind) => (
              <Form.Item key={kind.type} name={['credits', kind.type - 1]} label={kind.name}>
                <InputNumber min={0} precision={0} />
              </Form.Item>
            ))}
          </Space>
        </Form>
      </Modal>
    </Space>
  );
}
