import { useQueryClient } from '@tanstack/react-query';
import type { CustomerUser } from '@taxlens/shared';
import { App, Button, Popconfirm, Space, Typography } from 'antd';
import { t } from '../../../locales';
import { customersApi } from './api';

/** Disable / enable, sign out everywhere, reset the password (the temporary one is shown once). */
export function UserActions({ user }: { user: CustomerUser }) {
  const { message, modal } = App.useApp();
  const client = useQueryClient();
  const refresh = () => client.invalidateQueries({ queryKey: ['operator'] });
  const run = async (action: () => Promise<unknown>, done: string) => {
    try {
      await action();
      message.success(done);
      await refresh();
    } catch {
      // The HTTP client has shown the error.
    }
  };
  const disabled = user.status === 'disabled';
  return (
    <Space size={0} wrap>
      <Popconfirm
        title={disabled ? t('operator.customers.enableConfirm') : t('operator.customers.disableConfirm')}
        onConfirm={() =>
          run(
            () => customersApi.setStatus(user.userId, disabled ? 'active' : 'disabled'),
            disabled ? t('operator.customers.enabled') : t('operator.customers.disabled'),
          )
        }
      >
        <Button type="link" size="small" danger={!disabled}>
          {disabled ? t('operator.customers.enable') : t('operator.customers.disable')}
        </Button>
      </Popconfirm>
      <Popconfirm
        title={t('operator.customers.signOutConfirm')}
        onConfirm={() => run(() => customersApi.signOutAll(user.userId), t('operator.customers.signedOut'))}
      >
        <Button type="link" size="small">
          {t('operator.customers.signOut')}
        </Button>
      </Popconfirm>
      <Popconfirm
        title={t('operator.customers.resetConfirm')}
        onConfirm={async () => {
          try {
            const { password } = await customersApi.resetPassword(user.userId);
            modal.success({
              title: t('operator.customers.resetDone'),
              content: (
                <Typography.Paragraph copyable={{ text: password }} className="op-temp-password">
                  {password}
                </Typography.Paragraph>
              ),
            });
            await refresh();
          } catch {
            // Shown by the HTTP client.
          }
        }}
      >
        <Button type="link" size="small">
          {t('operator.customers.resetPassword')}
        </Button>
      </Popconfirm>
    </Space>
  );
}
