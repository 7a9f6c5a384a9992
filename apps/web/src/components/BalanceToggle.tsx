import { EyeInvisibleOutlined, EyeOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { toggleBalanceHidden, useLayoutState } from '../app/layout-state';
import { t } from '../locales';

/** The eye beside a balance: one layout flag, so hiding it in one place hides it everywhere. */
export function BalanceToggle() {
  const { balanceHidden } = useLayoutState();
  return (
    <Button
      type="text"
      size="small"
      aria-label={balanceHidden ? t('common.showBalance') : t('common.hideBalance')}
      icon={balanceHidden ? <EyeInvisibleOutlined /> : <EyeOutlined />}
      onClick={toggleBalanceHidden}
    />
  );
}
