import type { ListHidden, SessionUser } from '@taxlens/shared';
import { App, Button, Modal, Space, Switch } from 'antd';
import { useState } from 'react';
import { queryClient } from '../../../app/query-client';
import { saveSession } from '../../../lib/session';
import { t } from '../../../locales';
import { authKeys, useSessionUser } from '../../auth/queries';
import { accountsApi } from '../api';

export type ListHiddenName = keyof ListHidden;

interface ListHideToggleProps {
  /** Which list's setting (allHidden, riskHidden, …). */
  hiddenName: ListHiddenName;
  /** Text beside the switch; 隐藏 by default. */
  label?: string;
  /** After the server stored the new setting (1 hidden, 0 shown). */
  onChange?: (isHidden: 0 | 1) => void;
}

/**
 * List hiding for report and flow lists (spec §4): the switch asks 是否将该设置同步到其他列表？
 * with 同步 / 不同步 (closing the question changes nothing), then calls modifyIsHidden and keeps
 * the session user's listHidden in step. Lists read `user.listHidden[hiddenName]`.
 */
export function ListHideToggle({ hiddenName, label = t('accounts.listHide.label'), onChange }: ListHideToggleProps) {
  const user = useSessionUser();
  const { message } = App.useApp();
  const [pending, setPending] = useState<0 | 1 | null>(null);
  const [saving, setSaving] = useState<'sync' | 'single' | null>(null);
  const hidden = user?.listHidden[hiddenName] === 1;

  const apply = async (sync: boolean) => {
    if (pending === null || !user) return;
    setSaving(sync ? 'sync' : 'single');
    try {
      const next = await accountsApi.modifyIsHidden({ hiddenName, isHidden: pending, sync });
      const updated: SessionUser = { ...user, listHidden: { ...user.listHidden, ...next } };
      queryClient.setQueryData(authKeys.me(), updated);
      saveSession(updated);
      message.success(t('accounts.listHide.saved'));
      onChange?.(pending);
      setPending(null);
    } catch {
      // The HTTP client has shown why; the question stays open to try again.
    } finally {
      setSaving(null);
    }
  };

  return (
    <>
      <Space size={6} className="tl-list-hide">
        <Switch
          size="small"
          checked={hidden}
          disabled={!user}
          onChange={(checked) => setPending(checked ? 1 : 0)}
          data-testid={`list-hide-${hiddenName}`}
        />
        <span>{label}</span>
      </Space>
      <Modal
        open={pending !== null}
        title={t('accounts.listHide.syncTitle')}
        onCancel={() => setPending(null)}
        width={400}
        footer={[
          <Button key="single" loading={saving === 'single'} disabled={saving === 'sync'} onClick={() => apply(false)}>
            {t('accounts.listHide.noSync')}
          </Button>,
          <Button
            key="sync"
            type="primary"
            loading={saving === 'sync'}
            disabled={saving === 'single'}
            onClick={() => apply(true)}
          >
            {t('accounts.listHide.sync')}
          </Button>,
        ]}
      >
        {t('accounts.listHide.syncQuestion')}
      </Modal>
    </>
  );
}
