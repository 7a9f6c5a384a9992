import type { WalletMode } from '@taxlens/shared';
import { Alert, App, Radio, Skeleton, Space, Typography } from 'antd';
import { t } from '../../../locales';
import { useSetWalletModeMutation, useWalletSettingsQuery } from '../wallet-settings';

/** 钱包模式 above the sub-account list: the main account picks it; a supervisor reads it. */
export function WalletModeCard({ isMain }: { isMain: boolean }) {
  const { message } = App.useApp();
  const settings = useWalletSettingsQuery();
  const update = useSetWalletModeMutation();
  if (settings.isPending) return <Skeleton active paragraph={{ rows: 1 }} />;
  const mode = settings.data?.walletMode;
  if (!mode) return null;
  if (!isMain) {
    return (
      <Alert
        type="info"
        showIcon
        className="tl-wallet-mode"
        title={mode === 'shared' ? t('staff.wallet.readOnlyShared') : t('staff.wallet.readOnlyOwn')}
      />
    );
  }
  const change = (next: WalletMode) =>
    update
      .mutateAsync(next)
      .then(() => message.success(t('staff.wallet.saved')))
      .catch(() => undefined);
  return (
    <div className="tl-wallet-mode" data-testid="wallet-mode">
      <Typography.Text strong>{t('staff.wallet.title')}</Typography.Text>
      <Radio.Group
        value={mode}
        onChange={(event) => change(event.target.value as WalletMode)}
        disabled={update.isPending}
      >
        <Space orientation="vertical" size={4}>
          <Radio value="shared" data-testid="wallet-mode-shared">
            {t('staff.wallet.shared')}
            <Typography.Text type="secondary" className="tl-wallet-mode-hint">
              {t('staff.wallet.sharedHint')}
            </Typography.Text>
          </Radio>
          <Radio value="own" data-testid="wallet-mode-own">
            {t('staff.wallet.own')}
            <Typography.Text type="secondary" className="tl-wallet-mode-hint">
              {t('staff.wallet.ownHint')}
            </Typography.Text>
          </Radio>
        </Space>
      </Radio.Group>
    </div>
  );
}
