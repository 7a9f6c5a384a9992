import type { CheckBatch, ManualVerifyBody } from '@taxlens/shared';
import { Button, Form, Input } from 'antd';
import { t } from '../../../locales';
import { useManualCheck } from '../queries';

const required = (name: string) => [{ required: true, message: t('verification.manual.required', { name }) }];

/** The four elements of domain facts §2.7: code (not on 数电), number, date, and the kind's fourth element. */
export function ManualForm({ onDone }: { onDone: (batch: CheckBatch) => void }) {
  const [form] = Form.useForm<ManualVerifyBody>();
  const check = useManualCheck();
  const submit = async (values: ManualVerifyBody) => {
    try {
      onDone(await check.mutateAsync(values));
    } catch {
      // The HTTP client has shown why (e.g. 1010 日期格式).
    }
  };
  return (
    <Form form={form} layout="vertical" onFinish={submit} className="verification-manual" style={{ maxWidth: 560 }}>
      <Form.Item name="code" label={t('verification.manual.code')} extra={t('verification.manual.codeHint')}>
        <Input maxLength={12} inputMode="numeric" />
      </Form.Item>
      <Form.Item
        name="number"
        label={t('verification.manual.number')}
        rules={required(t('verification.manual.number'))}
      >
        <Input maxLength={20} inputMode="numeric" />
      </Form.Item>
      <Form.Item name="date" label={t('verification.manual.date')} rules={required(t('verification.manual.date'))}>
        <Input placeholder="YYYYMMDD" maxLength={10} />
      </Form.Item>
      <Form.Item
        name="fourth"
        label={t('verification.manual.fourth')}
        extra={t('verification.manual.fourthHint')}
        rules={required(t('verification.manual.fourth'))}
      >
        <Input maxLength={30} />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={check.isPending}>
        {t('verification.manual.submit')}
      </Button>
    </Form>
  );
}
