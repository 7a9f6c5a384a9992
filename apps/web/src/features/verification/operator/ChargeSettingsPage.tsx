import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { formatFen } from '@taxlens/shared';
import { App, Button, Flex, Form, Input, InputNumber, Radio, Table, type TableColumnsType } from 'antd';
import { useEffect } from 'react';
import { t } from '../../../locales';
import { ConsolePageFrame } from '../../operator/components/ConsolePageFrame';
import { type ChargeMode, type ChargeSetting, type GroupChargeSetting, operatorChargeApi } from './api';

interface ChargeForm {
  chargeMode: ChargeMode;
  priceYuan: number;
  groupId?: number;
}

interface CreditsForm {
  phone: string;
  delta: number;
  reason: string;
}

const KEY = ['operator', 'verification', 'charge'];
const modeName = (mode: ChargeMode) =>
  mode === 'credit' ? t('verification.operatorCharge.modeCredit') : t('verification.operatorCharge.modePrice');
const required = (name: string) => [{ required: true, message: t('verification.operatorCharge.required', { name }) }];

function ChargeFields() {
  return (
    <>
      <Form.Item
        name="chargeMode"
        label={t('verification.operatorCharge.mode')}
        rules={required(t('verification.operatorCharge.mode'))}
      >
        <Radio.Group options={(['price', 'credit'] as const).map((value) => ({ value, label: modeName(value) }))} />
      </Form.Item>
      <Form.Item
        name="priceYuan"
        label={t('verification.operatorCharge.price')}
        rules={required(t('verification.operatorCharge.price'))}
      >
        <InputNumber min={0} max={100_000} precision={2} step={0.1} style={{ width: 160 }} />
      </Form.Item>
    </>
  );
}

/**
 * /operator/verification-charge: how a 发票鉴伪 check is paid — a price from the balance or one
 * check credit — by default and per group, and the check credits of one account (each change is
 * in the audit log, by the console's plugin).
 */
export function ChargeSettingsPage() {
  const { message } = App.useApp();
  const client = useQueryClient();
  const settings = useQuery({ queryKey: KEY, queryFn: operatorChargeApi.settings });
  const [defaults] = Form.useForm<ChargeForm>();
  const [group] = Form.useForm<ChargeForm>();
  const [credits] = Form.useForm<CreditsForm>();

  useEffect(() => {
    const current = settings.data?.default;
    if (current) defaults.setFieldsValue({ chargeMode: current.chargeMode, priceYuan: current.priceFen / 100 });
  }, [settings.data, defaults]);

  const save = useMutation({
    mutationFn: (body: { groupId: number | null; priceFen: number | null; chargeMode?: ChargeMode }) =>
      operatorChargeApi.save(body),
    onSuccess: (_, body) => {
      message.success(
        body.priceFen === null ? t('verification.operatorCharge.removed') : t('verification.operatorCharge.saved'),
      );
      void client.invalidateQueries({ queryKey: KEY });
    },
  });
  const adjust = useMutation({
    mutationFn: operatorChargeApi.adjustCredits,
    onSuccess: (answer) => {
      message.success(t('verification.operatorCharge.adjusted', { count: answer.checkCredits }));
      credits.resetFields();
    },
  });

  const toBody = (values: ChargeForm, groupId: number | null) => ({
    groupId,
    priceFen: Math.round(values.priceYuan * 100),
    chargeMode: values.chargeMode,
  });
  const describe = (row: ChargeSetting) =>
    row.chargeMode === 'credit' ? modeName('credit') : `${modeName('price')} ¥${formatFen(row.priceFen)}`;

  const columns: TableColumnsType<GroupChargeSetting> = [
    { title: t('verification.operatorCharge.groupId'), dataIndex: 'groupId', width: 100 },
    { title: t('verification.operatorCharge.groupName'), dataIndex: 'groupName' },
    { title: t('verification.operatorCharge.mode'), render: (_, row) => describe(row) },
    {
      title: '',
      width: 80,
      render: (_, row) => (
        <Button type="link" danger onClick={() => save.mutate({ groupId: row.groupId, priceFen: null })}>
          {t('verification.operatorCharge.remove')}
        </Button>
      ),
    },
  ];

  return (
    <ConsolePageFrame title={t('verification.operatorCharge.title')}>
      <Flex vertical gap={24}>
        <section>
          <h4>{t('verification.operatorCharge.defaultTitle')}</h4>
          <Form form={defaults} layout="inline" onFinish={(values) => save.mutate(toBody(values, null))}>
            <ChargeFields />
            <Button type="primary" htmlType="submit" loading={save.isPending}>
              {t('verification.operatorCharge.save')}
            </Button>
          </Form>
        </section>
        <section>
          <h4>{t('verification.operatorCharge.groupsTitle')}</h4>
          <Table<GroupChargeSetting>
            rowKey="groupId"
            size="small"
            loading={settings.isFetching}
            columns={columns}
            dataSource={settings.data?.groups ?? []}
            pagination={false}
            scroll={{ x: 'max-content' }}
          />
          <Form
            form={group}
            layout="inline"
            style={{ marginTop: 12 }}
            initialValues={{ chargeMode: 'price', priceYuan: 0.5 }}
            onFinish={(values) => save.mutate(toBody(values, values.groupId ?? null))}
          >
            <Form.Item
              name="groupId"
              label={t('verification.operatorCharge.groupId')}
              rules={required(t('verification.operatorCharge.groupId'))}
            >
              <InputNumber min={1} precision={0} style={{ width: 120 }} />
            </Form.Item>
            <ChargeFields />
            <Button htmlType="submit" loading={save.isPending}>
              {t('verification.operatorCharge.add')}
            </Button>
          </Form>
        </section>
        <section>
          <h4>{t('verification.operatorCharge.creditsTitle')}</h4>
          <Form form={credits} layout="inline" onFinish={(values) => adjust.mutate(values)}>
            <Form.Item
              name="phone"
              label={t('verification.operatorCharge.phone')}
              rules={required(t('verification.operatorCharge.phone'))}
            >
              <Input style={{ width: 160 }} maxLength={11} />
            </Form.Item>
            <Form.Item
              name="delta"
              label={t('verification.operatorCharge.delta')}
              rules={required(t('verification.operatorCharge.delta'))}
            >
              <InputNumber precision={0} style={{ width: 120 }} />
            </Form.Item>
            <Form.Item
              name="reason"
              label={t('verification.operatorCharge.reason')}
              rules={required(t('verification.operatorCharge.reason'))}
            >
              <Input style={{ width: 220 }} maxLength={200} />
            </Form.Item>
            <Button htmlType="submit" loading={adjust.isPending}>
              {t('verification.operatorCharge.adjust')}
            </Button>
          </Form>
        </section>
      </Flex>
    </ConsolePageFrame>
  );
}
