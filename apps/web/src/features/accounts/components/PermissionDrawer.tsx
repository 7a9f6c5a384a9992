import type { ChildUser, PermissionKey, SessionUser } from '@taxlens/shared';
import { App, Button, Drawer, Result, Skeleton, Space, Typography } from 'antd';
import { type ReactNode, useEffect, useMemo, useState } from 'react';
import { t } from '../../../locales';
import { allowedFromDenied, deniedFromAllowed, grantableAllowed, lackingKeys } from '../permission-mapping';
import { useUpdatePermissionsMutation, useUserMenuQuery } from '../queries';
import { PermissionChecklist } from './PermissionChecklist';

interface PermissionDrawerProps {
  editor: SessionUser;
  child: ChildUser | null;
  onClose: () => void;
}

/**
 * 权限设置 of one sub-account: checkboxes meaning allowed; saving sends the denied list. Keys the
 * editor lacks (a supervisor's own denied keys) show disabled, and stay denied.
 */
export function PermissionDrawer({ editor, child, onClose }: PermissionDrawerProps) {
  const menu = useUserMenuQuery(child?.userId ?? null);
  const save = useUpdatePermissionsMutation();
  const { message } = App.useApp();
  const lacking = useMemo(() => lackingKeys(editor), [editor]);
  const [allowed, setAllowed] = useState<PermissionKey[]>([]);

  useEffect(() => {
    if (menu.data) setAllowed(grantableAllowed(allowedFromDenied(menu.data.all, menu.data.notMenus), lacking));
  }, [menu.data, lacking]);

  const submit = () => {
    if (!child || !menu.data) return;
    // A refusal is shown by the HTTP client's toast; the drawer stays open.
    save.mutate(
      { userId: child.userId, notMenus: deniedFromAllowed(menu.data.all, allowed) },
      {
        onSuccess: () => {
          message.success(t('accounts.users.done.permissionsSaved'));
          onClose();
        },
      },
    );
  };

  const name = child ? (child.nickName ?? child.phone) : '';
  let body: ReactNode;
  if (menu.isPending) body = <Skeleton active paragraph={{ rows: 8 }} />;
  else if (menu.isError)
    body = (
      <Result
        status="error"
        title={t('accounts.permissions.loadFailed')}
        extra={<Button onClick={() => menu.refetch()}>{t('accounts.users.retry')}</Button>}
      />
    );
  else
    body = (
      <>
        <Typography.Paragraph type="secondary">
          {t('accounts.users.form.permissionsHint')} ·{' '}
          {t('accounts.permissions.summary', { allowed: allowed.length, total: menu.data.all.length })}
        </Typography.Paragraph>
        <PermissionChecklist catalogue={menu.data.all} value={allowed} onChange={setAllowed} lacking={lacking} />
      </>
    );

  return (
    <Drawer
      open={child !== null}
      onClose={onClose}
      size={560}
      destroyOnHidden
      title={
        <div>
          <div>{t('accounts.permissions.title')}</div>
          <Typography.Text type="secondary" className="tl-drawer-subtitle">
            {t('accounts.permissions.subtitle', { name })}
          </Typography.Text>
        </div>
      }
      footer={
        <Space className="tl-drawer-footer">
          <Button onClick={onClose}>{t('accounts.permissions.cancel')}</Button>
          <Button
            type="primary"
            loading={save.isPending}
            disabled={!menu.isSuccess}
            onClick={submit}
            data-testid="permissions-save"
          >
            {t('accounts.permissions.save')}
          </Button>
        </Space>
      }
      data-testid="permission-drawer"
    >
      {body}
    </Drawer>
  );
}
