import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { App, Form } from 'antd';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { captureFeedback } from '../../../test-support/fixtures';
import { SMS_PURPOSE } from '../api';
import { SmsCodeField } from './SmsCodeField';

function envelope(status: number, code: number, data: unknown, msg = 'ok') {
  return new Response(JSON.stringify({ code, msg, data }), { status, headers: { 'content-type': 'application/json' } });
}

interface HarnessProps {
  /** A fixed phone, or none: the field reads the form's phone field. */
  phone?: string;
  Field?: typeof SmsCodeField;
}

function Harness({ phone, Field = SmsCodeField }: HarnessProps) {
  const [form] = Form.useForm();
  return (
    <App>
      <Form form={form} initialValues={{ phone: '13800000099' }}>
        {!phone && (
          <Form.Item name="phone">
            <input aria-label="phone" />
          </Form.Item>
        )}
        <Field form={form} purpose={phone ? SMS_PURPOSE.changePassword : SMS_PURPOSE.resetPassword} phone={phone} />
      </Form>
    </App>
  );
}

beforeEach(() => captureFeedback());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.resetModules();
});

describe('SMS code field', () => {
  it('sends the code, starts the 60 s countdown and shows the demo outbox message', async () => {
    const fetchMock = vi.fn(async (input: RequestInfo | URL) =>
      String(input).includes('/smsOutbox')
        ? envelope(200, 0, { content: '【税镜】您的修改密码验证码为 123456', createTime: '2026-01-05T01:00:00Z' })
        : envelope(200, 0, null, '发送成功'),
    );
    vi.stubGlobal('fetch', fetchMock);
    render(<Harness phone="13800000001" />);
    await act(async () => {
      fireEvent.click(screen.getByTestId('sms-send'));
    });
    expect((await screen.findByTestId('sms-outbox')).textContent).toContain('短信网关未配置：演示模式下验证码显示在此');
    expect(screen.getByTestId('sms-outbox').textContent).toContain('123456');
    expect(screen.getByTestId('sms-send').textContent).toMatch(/^(60|59)s后重新发送$/);
    expect(screen.getByTestId('sms-send').hasAttribute('disabled')).toBe(true);
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(String(url)).toContain('/api/userInfo/getCode');
    expect(init.body).toBe('{"phone":"13800000001","type":4}');
  });

  it('shows no demo hint when the outbox answers 404 (an SMS gateway is configured)', async () => {
    // A fresh module: the "outbox unavailable" memory is per page load.
    vi.resetModules();
    const { SmsCodeField: FreshField } = await import('./SmsCodeField');
    const fetchMock = vi.fn(async (input: RequestInfo | URL) =>
      String(input).includes('/smsOutbox') ? envelope(404, 1004, null, '接口不存在') : envelope(200, 0, null),
    );
    vi.stubGlobal('fetch', fetchMock);
    render(<Harness phone="13800000009" Field={FreshField} />);
    await act(async () => {
      fireEvent.click(screen.getByTestId('sms-send'));
    });
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(2));
    await waitFor(() => expect(screen.getByTestId('sms-send').hasAttribute('disabled')).toBe(true));
    expect(screen.queryByTestId('sms-outbox')).toBeNull();
  });

  it('puts a refused phone on the phone field, and does not start the countdown', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => envelope(400, 1001, { fields: { phone: '该手机号未注册' } }, '该手机号未注册')),
    );
    render(<Harness />);
    await act(async () => {
      fireEvent.click(screen.getByTestId('sms-send'));
    });
    await screen.findByText('该手机号未注册');
    expect(screen.getByTestId('sms-send').textContent).toBe('发送验证码');
  });
});
