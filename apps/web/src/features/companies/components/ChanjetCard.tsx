import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Form, Input, Space, Typography } from 'antd';
import { useState } from 'react';
import { isApiError } from '../../../lib/http';
import { t } from '../../../locales';
import { chanjetApi, pendingKey } from '../chanjet-api';

interface PeriodForm {
  periodFrom: string;
  periodTo: string;
}

const PERIOD = /^\d{4}-(0[1-9]|1[0-2])$/;

/**
 * 畅捷通授权: the client logs in at Chanjet and agrees; Chanjet sends the browser back to
 * /cjt/callback, which pulls the chosen months' statements into the statement importer. Without
 * Chanjet keys the card says so plainly (the 畅捷通 export can still be imported as a file above).
 */
export function ChanjetCard({ firmId }: { firmId: number }) {
  const info = useQuery({ queryKey: ['chanjet', 'info'], queryFn: chanjetApi.info });
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  if (!info.data) return null;
  if (!info.data.configured) {
    return (
      <Card title={t('companies.chanjet.title')} data-testid="chanjet-card">
        <Alert type="info" showIcon title={info.data.message ?? t('companies.chanjet.notConfigured')} />
      </Card>
    );
  }
  const start = async (values: PeriodForm) => {
    setBusy(true);
    setError(null);
    try {
      const started = await chanjetApi.start(firmId);
      const oauthState = new URL(started.url ?? '').searchParams.get('state') ?? '';
      sessionStorage.setItem(pendingKey(oauthState), JSON.stringify({ ...values, firmId }));
      window.location.assign(started.url ?? '');
    } catch (caught) {
      setError(isApiError(caught) ? caught.msg : t('companies.chanjet.failed'));
      setBusy(false);
    }
  };
  const rule = { pattern: PERIOD, message: t('companies.chanjet.periodFormat') };
  return (
    <Card title={t('companies.chanjet.title')} data-testid="chanjet-card">
      <Typography.Paragraph type="secondary">
        {t('companies.chanjet.hint', { types: info.data.types.map((type) => type.name).join('、') })}
      </Typography.Paragraph>
      {error && <Alert type="error" showIcon title={error} style={{ marginBottom: 12 }} />}
      <Form<PeriodForm> layout="vertical" onFinish={start}>
        <Space wrap>
          <Form.Item name="periodFrom" label={t('companies.chanjet.from')} rules={[{ required: true }, rule]}>
            <Input placeholder="2024-01" />
          </Form.Item>
          <Form.Item name="periodTo" label={t('companies.chanjet.to')} rules={[{ required: true }, rule]}>
            <Input placeholder="2024-12" />
          </Form.Item>
        </Space>
        <Button type="primary" htmlType="submit" loading={busy}>
          {t('companies.chanjet.start')}
        </Button>
      </Form>
    </Card>
  );
}
