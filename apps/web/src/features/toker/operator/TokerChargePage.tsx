import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { formatFen } from '@taxlens/shared';
import { App, Button, Flex, Form, Input, InputNumber, Radio, Table } from 'antd';
import { useEffect } from 'react';
import { http } from '../../../lib/http';
import { t } from '../../../locales';
import { ConsolePageFrame } from '../../operator/components/ConsolePageFrame';

type Mode = 'price' | 'credit';
interface Plan {
  chargeMode: Mode;
  searchPriceFen: number;
  exportLimit: number;
}
interface GroupPlan extends Plan {
  groupId: number;
  groupName: string;
}
interface PlanForm {
  chargeMode: Mode;
  priceYuan: number;
  exportLimit: number;
  groupId?: number;
}

const KEY = ['operator', 'toker', 'price'];
const api = {
  settings: () => http.get<{ default: Plan; groups: GroupPlan[] }>('/operator/toker/price'),
  save: (body: Plan & { groupId: number | null; remove?: boolean }) => http.post<Plan>('/operator/toker/price', body),
  credits: (body: { phone: string; delta: number; reason: string }) =>
    http.post<{ tokerCredits: number }>('/operator/toker/credits', body),
};
const modeName = (mode: Mode) => (mode === 'credit' ? t('toker.operator.modeCredit') : t('toker.operator.modePrice'));
const need = (name: string) => [{ required: true, message: t('toker.operator.required', { name }) }];

function PlanFields() {
  return (
    <>
      <Form.Item name="chargeMode" label={t('toker.operator.mode')} rules={need(t('toker.operator.mode'))}>
        <Radio.Group options={(['price', 'credit'] as const).map((value) => ({ value, label: modeName(value) }))} />
      </Form.Item>
      <Form.Item name="priceYuan" label={t('toker.operator.price')} rules={need(t('toker.operator.price'))}>
        <InputNumber min={0} max={100_000} precision={2} step={0.1} style={{ width: 140 }} />
      </Form.Item>
      <Form.Item
        name="exportLimit"
        label={t('toker.operator.exportLimit')}
        rules={need(t('toker.operator.exportLimit'))}
      >
        <InputNumber min={1} max={100_000} precision={0} style={{ width: 140 }} />
      </Form.Item>
    </>
  );
}

/** /operator/toker-charge (运营): how a lead search is paid, the export limit, and 拓客次数 of an account. */
export function TokerChargePage() {
  const { message } = App.useApp();
  const client = useQueryClient();
  const settings = useQuery({ queryKey: KEY, queryFn: api.settings });
  const [defaults] = Form.useForm<PlanForm>();
  const [group] = Form.useForm<PlanForm>();
  const [credits] = Form.useForm<{ phone: string; delta: number; reason: string }>();
  useEffect(() => {
    const current = settings.data?.default;
    if (current) defaults.setFieldsValue({ ...current, priceYuan: current.searchPriceFen / 100 });
  }, [settings.data, defaults]);
  const save = useMutation({
    mutationFn: api.save,
    onSuccess: () => {
      message.success(t('toker.operator.saved'));
      void client.invalidateQueries({ queryKey: KEY });
    },
  });
  const adjust = useMutation({
    mutationFn: api.credits,
    onSuccess: (answer) => {
      message.success(t('toker.operator.adjusted', { count: answer.tokerCredits }));
      credits.resetFields();
    },
  });
  const toBody = (values: PlanForm, groupId: number | null) => ({
    groupId,
    chargeMode: values.chargeMode,
    searchPriceFen: Math.round(values.priceYuan * 100),
    exportLimit: values.exportLimit,
  });
  const describe = (row: Plan) =>
    `${row.chargeMode === 'credit' ? modeName('credit') : `${modeName('price')} ¥${formatFen(row.searchPriceFen)}`} · ${t('toker.operator.exportLimit')} ${row.exportLimit}`;

  return (
    <ConsolePageFrame title={t('toker.operator.title')}>
      <Flex vertical gap={24}>
        <section>
          <h4>{t('toker.operator.defaultTitle')}</h4>
          <Form form={defaults} layout="inline" onFinish={(values) => save.mutate(toBody(values, null))}>
            <PlanFields />
            <Button type="primary" htmlType="submit" loading={save.isPending} data-testid="toker-default-save">
              {t('toker.operator.save')}
            </Button>
          </Form>
        </section>
        <section>
          <h4>{t('toker.operator.groupsTitle')}</h4>
          <Table<GroupPlan>
            rowKey="groupId"
            size="small"
            pagination={false}
            dataSource={settings.data?.groups ?? []}
            scroll={{ x: 560 }}
            columns={[
              { title: t('toker.operator.groupId'), dataIndex: 'groupId', width: 90 },
              { title: t('toker.operator.groupName'), dataIndex: 'groupName' },
              { title: t('toker.operator.mode'), render: (_, row) => describe(row) },
              {
                title: '',
                width: 80,
                render: (_, row) => (
                  <Button type="link" danger onClick={() => save.mutate({ ...row, remove: true })}>
                    {t('toker.operator.remove')}
                  </Button>
                ),
              },
            ]}
          />
          <Form
            form={group}
            layout="inline"
            style={{ marginTop: 12 }}
            initialValues={{ chargeMode: 'price', priceYuan: 0, exportLimit: 500 }}
            onFinish={(values) => save.mutate(toBody(values, values.groupId ?? null))}
          >
            <Form.Item name="groupId" label={t('toker.operator.groupId')} rules={need(t('toker.operator.groupId'))}>
              <InputNumber min={1} precision={0} style={{ width: 100 }} />
            </Form.Item>
            <PlanFields />
            <Button htmlType="submit" loading={save.isPending}>
              {t('toker.operator.save')}
            </Button>
          </Form>
        </section>
        <section>
          <h4>{t('toker.operator.creditsTitle')}</h4>
          <Form form={credits} layout="inline" onFinish={(values) => adjust.mutate(values)}>
            <Form.Item name="phone" label={t('toker.operator.phone')} rules={need(t('toker.operator.phone'))}>
              <Input maxLength={11} style={{ width: 140 }} />
            </Form.Item>
            <Form.Item name="delta" label={t('toker.operator.delta')} rules={need(t('toker.operator.delta'))}>
              <InputNumber precision={0} style={{ width: 100 }} />
            </Form.Item>
            <Form.Item name="reason" label={t('toker.operator.reason')} rules={need(t('toker.operator.reason'))}>
              <Input maxLength={200} style={{ width: 200 }} />
            </Form.Item>
            <Button htmlType="submit" loading={adjust.isPending}>
              {t('toker.operator.adjust')}
            </Button>
          </Form>
        </section>
      </Flex>
    </ConsolePageFrame>
  );
}
