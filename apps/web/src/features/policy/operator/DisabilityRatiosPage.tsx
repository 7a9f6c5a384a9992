import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Form, Input, InputNumber, Table } from 'antd';
import { http, isApiError } from '../../../lib/http';
import { t } from '../../../locales';
import { ConsolePageFrame } from '../../operator/components/ConsolePageFrame';
import type { ProportionRow } from '../api';

interface RatioForm {
  regionCode: string;
  regionName: string;
  ratioPercent: number;
  basis: string;
}

/** Operator console: the 残保金 ratio of each region (DisabilityProportion), used by /canbaojin. */
export function DisabilityRatiosPage() {
  const { message } = App.useApp();
  const client = useQueryClient();
  const [form] = Form.useForm<RatioForm>();
  const rows = useQuery({
    queryKey: ['operator', 'disabilityRatios'],
    queryFn: () => http.get<ProportionRow[]>('/operator/disabilityProportion/list'),
  });
  const save = async (values: RatioForm) => {
    try {
      await http.post('/operator/disabilityProportion/save', {
        regionCode: values.regionCode,
        regionName: values.regionName,
        ratioBp: Math.round(values.ratioPercent * 100),
        basis: values.basis,
      });
      message.success(t('policy.ratios.saved'));
      form.resetFields();
      await client.invalidateQueries({ queryKey: ['operator', 'disabilityRatios'] });
    } catch (error) {
      if (isApiError(error)) message.error(error.msg);
    }
  };
  return (
    <ConsolePageFrame title={t('policy.ratios.title')}>
      <Form<RatioForm> form={form} layout="inline" onFinish={save} style={{ rowGap: 8, marginBottom: 16 }}>
        <Form.Item name="regionCode" rules={[{ required: true, pattern: /^\d{6}$/, message: t('policy.ratios.code') }]}>
          <Input placeholder={t('policy.ratios.code')} maxLength={6} style={{ width: 140 }} />
        </Form.Item>
        <Form.Item name="regionName" rules={[{ required: true, message: t('policy.levy.required') }]}>
          <Input placeholder={t('policy.levy.region')} maxLength={40} style={{ width: 140 }} />
        </Form.Item>
        <Form.Item name="ratioPercent" rules={[{ required: true, message: t('policy.levy.required') }]}>
          <InputNumber min={0.01} max={10} precision={2} addonAfter="%" style={{ width: 130 }} />
        </Form.Item>
        <Form.Item name="basis" rules={[{ required: true, message: t('policy.levy.required') }]}>
          <Input placeholder={t('policy.levy.ratioBasis')} maxLength={200} style={{ width: 260 }} />
        </Form.Item>
        <Form.Item>
          <Button type="primary" htmlType="submit">
            {t('policy.ratios.save')}
          </Button>
        </Form.Item>
      </Form>
      <Table<ProportionRow>
        rowKey="regionCode"
        size="small"
        pagination={false}
        loading={rows.isFetching}
        dataSource={rows.data ?? []}
        scroll={{ x: 560 }}
        columns={[
          { key: 'code', title: t('policy.ratios.code'), dataIndex: 'regionCode', width: 100 },
          { key: 'name', title: t('policy.levy.region'), dataIndex: 'regionName', width: 160 },
          { key: 'ratio', title: t('policy.levy.ratio'), render: (_, row) => `${(row.ratioBp / 100).toFixed(2)}%` },
          { key: 'basis', title: t('policy.levy.ratioBasis'), dataIndex: 'basis' },
          {
            key: 'edit',
            title: '',
            render: (_, row) => (
              <Button type="link" onClick={() => form.setFieldsValue({ ...row, ratioPercent: row.ratioBp / 100 })}>
                {t('policy.ratios.edit')}
              </Button>
            ),
          },
        ]}
      />
    </ConsolePageFrame>
  );
}
