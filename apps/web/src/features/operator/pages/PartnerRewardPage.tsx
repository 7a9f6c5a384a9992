import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type PartnerReward, REPORT_KINDS } from '@taxlens/shared';
import { App, Button, Form, InputNumber, Select, Skeleton, Typography } from 'antd';
import { useEffect } from 'react';
import { isApiError } from '../../../lib/http';
import { t } from '../../../locales';
import { operatorBillingApi } from '../billing-api';
import { ConsolePageFrame } from '../components/ConsolePageFrame';

/** 运营: the credits a firm earns for each firm it invites that signs up (/api/PartnerInviteRecord/*). */
export function PartnerRewardPage() {
  const { message } = App.useApp();
  const client = useQueryClient();
  const [form] = Form.useForm<PartnerReward>();
  const reward = useQuery({ queryKey: ['operator', 'partnerReward'], queryFn: operatorBillingApi.reward });
  const save = useMutation({
    mutationFn: operatorBillingApi.setReward,
    onSuccess: () => {
      void message.success(t('billing.operatorReward.saved'));
      void client.invalidateQueries({ queryKey: ['operator', 'partnerReward'] });
    },
    onError: (error) => {
      if (isApiError(error)) void message.error(error.msg);
    },
  });
  useEffect(() => {
    if (reward.data) form.setFieldsValue(reward.data);
  }, [reward.data, form]);

  return (
    <ConsolePageFrame title={t('billing.operatorReward.title')}>
      <Typography.Paragraph type="secondary">{t('billing.operatorReward.intro')}</Typography.Paragraph>
      {reward.isPending ? (
        <Skeleton active />
      ) : (
        <Form<PartnerReward>
          form={form}
          layout="vertical"
          style={{ maxWidth: 360 }}
          onFinish={(values) => save.mutate(values)}
          data-testid="partner-reward-form"
        >
          <Form.Item name="creditType" label={t('billing.operatorReward.creditType')} rules={[{ required: true }]}>
            <Select options={REPORT_KINDS.map((kind) => ({ value: kind.type, label: kind.name }))} />
          </Form.Item>
          <Form.Item name="count" label={t('billing.operatorReward.count')} rules={[{ required: true }]}>
            <InputNumber min={0} max={100} precision={0} style={{ width: '100%' }} />
          </Form.Item>
          <Button type="primary" htmlType="submit" loading={save.isPending}>
            {t('billing.operatorReward.save')}
          </Button>
        </Form>
      )}
    </ConsolePageFrame>
  );
}
