import { Alert, Button, Card, Form, Input, Typography } from 'antd';
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { queryClient } from '../../../app/query-client';
import { isApiError } from '../../../lib/http';
import { clearSession, saveSession } from '../../../lib/session';
import { t } from '../../../locales';
import { authApi } from '../../auth/api';
import { OPERATOR_BASE } from '../console-pages';
import { resolveOperator } from '../operator-session';
import './operator-login.css';

interface Values {
  phone: string;
  pwd: string;
}

/** The console's own sign-in: the same accounts as the client, admitted only with an operator role. */
export function OperatorLoginPage() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [error, setError] = useState<string | null>(params.get('denied') ? t('operator.login.notOperator') : null);
  const [pending, setPending] = useState(false);

  const submit = async (values: Values) => {
    setPending(true);
    setError(null);
    try {
      const user = await authApi.login({ phone: values.phone.trim(), pwd: values.pwd });
      saveSession(user);
      queryClient.clear();
      const state = await resolveOperator();
      if (state.kind !== 'operator') {
        await authApi.logout().catch(() => undefined);
        clearSession();
        setError(t('operator.login.notOperator'));
        return;
      }
      const back = params.get('redirect');
      navigate(back?.startsWith(OPERATOR_BASE) ? back : OPERATOR_BASE, { replace: true });
    } catch (caught) {
      setError(isApiError(caught) ? caught.msg : String(caught));
    } finally {
      setPending(false);
    }
  };

  return (
    <div className="op-login">
      <Card className="op-login-card">
        <Typography.Title level={4}>{t('operator.login.title')}</Typography.Title>
        {error && <Alert type="error" showIcon message={error} className="op-login-error" />}
        <Form<Values> layout="vertical" onFinish={(values) => void submit(values)} requiredMark={false}>
          <Form.Item
            name="phone"
            label={t('operator.login.phone')}
            rules={[{ required: true, pattern: /^1\d{10}$/, message: '请输入正确的11位手机号' }]}
          >
            <Input autoComplete="username" inputMode="numeric" maxLength={11} />
          </Form.Item>
          <Form.Item
            name="pwd"
            label={t('operator.login.password')}
            rules={[{ required: true, message: t('auth.passwordPlaceholder') }]}
          >
            <Input.Password autoComplete="current-password" />
          </Form.Item>
          <Button type="primary" htmlType="submit" block loading={pending}>
            {t('operator.login.submit')}
          </Button>
        </Form>
        <Typography.Link href="/login" className="op-login-link">
          {t('operator.login.customerLink')}
        </Typography.Link>
      </Card>
    </div>
  );
}
