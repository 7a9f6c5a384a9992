import { useQueryClient } from '@tanstack/react-query';
import type { GroupDetail, SetGroupFlags } from '@taxlens/shared';
import { App, Button, Form, InputNumber, Radio, Space, Switch, Typography } from 'antd';
import dayjs from 'dayjs';
import { isApiError } from '../../../lib/http';
import { t } from '../../../locales';
import { applyFieldErrors } from '../lib/field-errors';
import { customersApi } from './api';

const SWITCHES = [
  'invoicePriceAuth',
  'mindPriceAuth',
  'reportConfigPermission',
  'tokerUser',
  'enablementServicePermission',
  'taxLawPolicyDatabasePermission',
] as const;

type Values = Record<(typeof SWITCHES)[number], boolean> & {
  /** 0 not bought, 1 on, 2 expired: each leads the data view to a different page (spec §6). */
  dataPriceAuth: 0 | 1 | 2;
  getOutOfLineInvoiceSwitch: boolean;
  monitorSlots: number;
  trial: 'keep' | 'start' | 'clear';
};

/** The group's rights and flags (spec §3 names), saved together; only changed fields are sent. */
export function GroupFlagsForm({ group }: { group: GroupDetail }) {
  const { message } = App.useApp();
  const client = useQueryClient();
  const [form] = Form.useForm<Values>();
  const initial: Values = {
    ...(Object.fromEntries(SWITCHES.map((key) => [key, group.flags[key] === 1])) as Record<
      (typeof SWITCHES)[number],
      boolean
    >),
    dataPriceAuth: group.flags.dataPriceAuth,
    getOutOfLineInvoiceSwitch: group.flags.getOutOfLineInvoiceSwitch === '1',
    monitorSlots: group.flags.monitorSlots,
    trial: 'keep',
  };

  const save = async (values: Values) => {
    const body: SetGroupFlags = { groupId: group.groupId };
    for (const key of SWITCHES) if (values[key] !== initial[key]) body[key] = values[key] ? 1 : 0;
    if (values.dataPriceAuth !== initial.dataPriceAuth) body.dataPriceAuth = values.dataPriceAuth;
    if (values.getOutOfLineInvoiceSwitch !== initial.getOutOfLineInvoiceSwitch) {
      body.getOutOfLineInvoiceSwitch = values.getOutOfLineInvoiceSwitch ? '1' : '0';
    }
    if (values.monitorSlots !== initial.monitorSlots) body.monitorSlots = values.monitorSlots;
    if (values.trial !== 'keep') body.trial = values.trial;
    try {
      await customersApi.setFlags(body);
      message.success(t('operator.common.saved'));
      await client.invalidateQueries({ queryKey: ['operator'] });
      form.setFieldValue('trial', 'keep');
    } catch (error) {
      if (isApiError(error)) applyFieldErrors(form, error, message);
    }
  };

  return (
    <Form form={form} layout="horizontal" labelCol={{ flex: '200px' }} initialValues={initial} onFinish={save}>
      <Form.Item name="dataPriceAuth" label={`${t('operator.flags.dataPriceAuth')}（dataPriceAuth）`}>
        <Radio.Group
          data-testid="flag-data-price-auth"
          options={([0, 1, 2] as const).map((value) => ({
            value,
            label: t(`operator.flags.dataPriceAuth${value}`),
          }))}
        />
      </Form.Item>
      {SWITCHES.map((key) => (
        <Form.Item key={key} name={key} label={`${t(`operator.flags.${key}`)}（${key}）`} valuePropName="checked">
          <Switch />
        </Form.Item>
      ))}
      <Form.Item
        name="getOutOfLineInvoiceSwitch"
        label={`${t('operator.flags.getOutOfLineInvoiceSwitch')}（getOutOfLineInvoiceSwitch）`}
        valuePropName="checked"
      >
        <Switch />
      </Form.Item>
      <Form.Item name="monitorSlots" label={t('operator.flags.monitorSlots')}>
        <InputNumber min={0} precision={0} />
      </Form.Item>
      <Form.Item
        name="trial"
        label={`${t('operator.flags.trial')}（flowTime）`}
        extra={
          group.flags.trialStartedAt
            ? t('operator.flags.trialSince', {
                at: dayjs(group.flags.trialStartedAt).format('YYYY-MM-DD HH:mm'),
                hours: group.flowTime ?? 0,
              })
            : t('operator.flags.noTrial')
        }
      >
        <Radio.Group
          options={[
            { value: 'keep', label: t('operator.flags.trialKeep') },
            { value: 'start', label: t('operator.flags.trialStart') },
            { value: 'clear', label: t('operator.flags.trialClear') },
          ]}
        />
      </Form.Item>
      <Space>
        <Button type="primary" htmlType="submit">
          {t('operator.common.save')}
        </Button>
        <Typography.Text type="secondary">{t('operator.flags.hint')}</Typography.Text>
      </Space>
    </Form>
  );
}
