import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Form, Input, Progress, QRCode, Radio, Space, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { isApiError } from '../../../lib/http';
import { t } from '../../../locales';
import { type CollectionSession, collectionApi } from '../collection-api';
import { importKeys } from '../queries';

/** Spec §9: the report-state poll runs every 6 s. */
const POLL_MS = 6000;
const FINISHED = new Set(['done', 'failed', 'cancelled']);

interface LoginForm {
  method: 'sms' | 'qr';
  account: string;
  password?: string;
  periodFrom: string;
  periodTo: string;
}

/**
 * 授权采集: the client's e-tax-bureau login (SMS code or QR code) lets the configured aggregator
 * collect the files, which come in as imports. Without an aggregator the card says so plainly and
 * points to the file import and the client share link.
 */
export function CollectionCard({ firmId, onShareLink }: { firmId: number; onShareLink?: () => void }) {
  const info = useQuery({ queryKey: ['collection', 'info'], queryFn: collectionApi.info });
  // The period picker starts at the months the company's data does not cover yet.
  const assist = useQuery({
    queryKey: ['collection', 'assist', firmId],
    queryFn: () => collectionApi.assist(firmId),
    enabled: info.data?.configured === true,
  });
  const queryClient = useQueryClient();
  const [session, setSession] = useState<CollectionSession | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [code, setCode] = useState('');

  const polling = session !== null && !FINISHED.has(session.state) && session.state !== 'sms_sent';
  useEffect(() => {
    if (!polling || !session) return;
    const timer = setInterval(() => {
      void collectionApi.state(session.sessionId).then((next) => {
        setSession((current) => ({ ...next, qrCode: current?.qrCode ?? null }));
        if (next.state === 'done') void queryClient.invalidateQueries({ queryKey: importKeys.firm(firmId) });
      });
    }, POLL_MS);
    return () => clearInterval(timer);
  }, [polling, session, firmId, queryClient]);

  const run = async (action: () => Promise<CollectionSession>) => {
    setBusy(true);
    setError(null);
    try {
      const next = await action();
      setSession((current) => ({ ...next, qrCode: next.qrCode ?? current?.qrCode ?? null }));
    } catch (caught) {
      setError(isApiError(caught) ? caught.msg : t('companies.collection.failed'));
    } finally {
      setBusy(false);
    }
  };

  if (!info.data || (info.data.configured && assist.isPending)) return null;
  if (!info.data.configured) {
    return (
      <Card title={t('companies.collection.title')} data-testid="collection-card">
        {/* One sentence from the server (it knows why), the way out below it: narrow screens keep it readable. */}
        <Alert type="info" showIcon title={info.data.message ?? t('companies.collection.notConfigured')} />
        {onShareLink && (
          <Button style={{ marginTop: 12 }} onClick={onShareLink}>
            {t('companies.collection.shareLink')}
          </Button>
        )}
      </Card>
    );
  }

  const start = (values: LoginForm) => {
    const { method, ...rest } = values;
    const input = { firmId, ...rest };
    return run(() => (method === 'sms' ? collectionApi.smsCode(input) : collectionApi.qrCode(input)));
  };

  return (
    <Card title={t('companies.collection.title')} extra={info.data.label} data-testid="collection-card">
      {info.data.notice && (
        <Typography.Paragraph type="secondary" data-testid="collection-notice">
          {info.data.notice}
        </Typography.Paragraph>
      )}
      {error && <Alert type="error" showIcon title={error} style={{ marginBottom: 12 }} />}
      {(!session || FINISHED.has(session.state)) && (
        <Form<LoginForm>
          layout="vertical"
          initialValues={{
            method: 'sms',
            periodFrom: assist.data?.suggestedFrom ?? `${new Date().getFullYear() - 1}-01`,
            periodTo: assist.data?.suggestedTo ?? `${new Date().getFullYear() - 1}-12`,
          }}
          onFinish={(values) => void start(values)}
        >
          <Form.Item name="method" label={t('companies.collection.method')}>
            <Radio.Group
              options={[
                { value: 'sms', label: t('companies.collection.sms') },
                { value: 'qr', label: t('companies.collection.qr') },
              ]}
            />
          </Form.Item>
          <Form.Item name="account" label={t('companies.collection.account')} rules={[{ required: true }]}>
            <Input autoComplete="off" />
          </Form.Item>
          <Form.Item name="password" label={t('companies.collection.password')}>
            <Input.Password autoComplete="new-password" />
          </Form.Item>
          <Space wrap>
            <Form.Item name="periodFrom" label={t('companies.collection.from')} rules={[{ pattern: /^\d{4}-\d{2}$/ }]}>
              <Input placeholder="2024-01" />
            </Form.Item>
            <Form.Item name="periodTo" label={t('companies.collection.to')} rules={[{ pattern: /^\d{4}-\d{2}$/ }]}>
              <Input placeholder="2024-12" />
            </Form.Item>
          </Space>
          <Button type="primary" htmlType="submit" loading={busy}>
            {t('companies.collection.start')}
          </Button>
        </Form>
      )}
      {session && (
        <div className="tl-co-page-section" style={{ marginTop: 12 }}>
          {session.state === 'sms_sent' && (
            <Space.Compact style={{ maxWidth: 320 }}>
              <Input
                value={code}
                maxLength={6}
                placeholder={t('companies.collection.code')}
                onChange={(e) => setCode(e.target.value)}
              />
              <Button
                type="primary"
                loading={busy}
                onClick={() => void run(() => collectionApi.smsLogin(session.sessionId, code))}
              >
                {t('companies.collection.submitCode')}
              </Button>
            </Space.Compact>
          )}
          {session.state === 'qr_waiting' && session.qrCode && (
            <div style={{ display: 'flex', flexDirection: 'column', gap: 8 }}>
              <QRCode value={session.qrCode} size={180} />
              <Typography.Paragraph copyable={{ text: session.qrCode }}>
                {t('companies.collection.qrHint')}
              </Typography.Paragraph>
            </div>
          )}
          {(session.state === 'collecting' || session.state === 'importing') && <Progress percent={session.progress} />}
          {session.message && (
            <Alert
              type={session.state === 'done' ? 'success' : session.state === 'failed' ? 'error' : 'info'}
              showIcon
              title={session.message}
            />
          )}
          {!FINISHED.has(session.state) && (
            <Button danger onClick={() => void run(() => collectionApi.cancel(session.sessionId))}>
              {t('companies.collection.cancel')}
            </Button>
          )}
        </div>
      )}
    </Card>
  );
}
