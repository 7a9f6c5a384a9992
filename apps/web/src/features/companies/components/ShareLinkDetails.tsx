import { CopyOutlined, DownloadOutlined, MailOutlined } from '@ant-design/icons';
import { useMutation, useQuery } from '@tanstack/react-query';
import { formatDateTime, type ShareLink, shareMailSchema } from '@taxlens/shared';
import { Alert, App, Button, Form, Input, Space, Spin, Typography, theme } from 'antd';
import { useEffect, useState } from 'react';
import { saveBlob } from '../../../lib/download';
import { isApiError } from '../../../lib/http';
import { t } from '../../../locales';
import { shareApi } from '../api';
import { shareKeys } from '../queries';
import { ShareStateTags } from './ShareStateTags';

/** Copies text; falls back to a hidden text area where the Clipboard API is unavailable. */
export async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    const area = document.createElement('textarea');
    area.value = text;
    area.setAttribute('readonly', '');
    area.style.position = 'fixed';
    area.style.opacity = '0';
    document.body.append(area);
    area.select();
    const copied = document.execCommand('copy');
    area.remove();
    return copied;
  }
}

/** The link's QR code (a PNG the server draws), as an object URL freed when it changes. */
function useQrCode(shareId: number) {
  const qr = useQuery({
    queryKey: shareKeys.qr(shareId),
    queryFn: ({ signal }) => shareApi.qrCode(shareId, signal).then((answer) => answer.blob),
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!qr.data) return;
    const objectUrl = URL.createObjectURL(qr.data);
    setUrl(objectUrl);
    return () => URL.revokeObjectURL(objectUrl);
  }, [qr.data]);
  return { url, blob: qr.data, failed: qr.isError };
}

/** A created link: the address with a copy button, its QR code, and sending it by e-mail. */
export function ShareLinkDetails({ link }: { link: ShareLink }) {
  const { token } = theme.useToken();
  const { message } = App.useApp();
  const [form] = Form.useForm<{ email: string }>();
  const qr = useQrCode(link.shareId);

  const mail = useMutation({
    mutationFn: (email: string) => shareApi.sendMail(link.shareId, email),
    onSuccess: (_answer, email) => {
      message.success(t('companies.share.mailSent', { email }));
      form.resetFields();
    },
    onError: (error) => {
      if (!isApiError(error)) return;
      form.setFields([{ name: 'email', errors: [error.fields.email ?? error.msg] }]);
    },
  });

  const copy = async () => {
    if (await copyText(link.url)) message.success(t('companies.share.copied'));
    else message.error(t('companies.share.copyFailed'));
  };

  return (
    <div className="tl-co-share-result" data-testid="share-link-details">
      <div className="tl-co-qr">
        <div
          className="tl-co-qr-frame"
          style={{ borderColor: token.colorBorderSecondary, background: token.colorBgContainer }}
        >
          {qr.url ? (
            <img src={qr.url} alt={t('companies.share.qrAlt')} data-testid="share-qr" />
          ) : qr.failed ? (
            <Typography.Text type="secondary">{t('companies.share.qrFailed')}</Typography.Text>
          ) : (
            <Spin description={t('companies.share.qrLoading')} />
          )}
        </div>
        <Typography.Text type="secondary">{t('companies.share.scanHint')}</Typography.Text>
        <Button
          size="small"
          icon={<DownloadOutlined />}
          disabled={!qr.blob}
          onClick={() => qr.blob && saveBlob(qr.blob, `客户上传链接-${link.shareId}.png`)}
        >
          {t('companies.share.downloadQr')}
        </Button>
      </div>
      <div className="tl-co-share-fields">
        <div className="tl-co-share-head">
          <Typography.Text strong>{link.taxpayerName ?? t('companies.share.listCompanyPending')}</Typography.Text>
          <div>
            <ShareStateTags link={link} />
            <Typography.Text type="secondary">
              {t('companies.public.expireAt', { time: formatDateTime(link.expireTime) })}
            </Typography.Text>
          </div>
        </div>
        <Space.Compact block>
          <Input value={link.url} readOnly onFocus={(event) => event.target.select()} data-testid="share-url" />
          <Button type="primary" icon={<CopyOutlined />} onClick={() => void copy()} data-testid="share-copy">
            {t('companies.share.copy')}
          </Button>
        </Space.Compact>
        <Form form={form} layout="vertical" onFinish={({ email }) => mail.mutate(email.trim())} requiredMark={false}>
          <Form.Item label={t('companies.share.mailTitle')}>
            <Space.Compact block>
              <Form.Item
                name="email"
                noStyle
                rules={[
                  {
                    validator: async (_rule, value: string | undefined) => {
                      const result = shareMailSchema.shape.email.safeParse(value ?? '');
                      if (!result.success) throw new Error(result.error.issues[0]?.message ?? '');
                    },
                  },
                ]}
                validateTrigger="onSubmit"
              >
                <Input
                  prefix={<MailOutlined />}
                  placeholder={t('companies.share.mailPlaceholder')}
                  type="email"
                  data-testid="share-mail"
                />
              </Form.Item>
              <Button htmlType="submit" loading={mail.isPending} data-testid="share-mail-send">
                {t('companies.share.mailSend')}
              </Button>
            </Space.Compact>
          </Form.Item>
        </Form>
        <Alert type="info" showIcon title={t('companies.share.mailOutbox')} />
      </div>
    </div>
  );
}
