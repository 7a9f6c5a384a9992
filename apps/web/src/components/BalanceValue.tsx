import { formatFen, HIDDEN_BALANCE, hasPermission, type SessionUser } from '@taxlens/shared';
import { Space } from 'antd';
import type { CSSProperties } from 'react';
import { useLayoutState } from '../app/layout-state';
import { t } from '../locales';
import { BalanceToggle } from './BalanceToggle';

interface BalanceValueProps {
  user: SessionUser;
  valueStyle?: CSSProperties;
}

/** The balance in yuan with a hide toggle; ****** without the viewBalance right (spec §5). */
export function BalanceValue({ user, valueStyle }: BalanceValueProps) {
  const { balanceHidden } = useLayoutState();
  const canView = hasPermission(user, 'viewBalance');
  const shown = canView && !balanceHidden;
  return (
    <Space size={4} align="center">
      <span className="tl-balance" data-testid="balance" style={valueStyle}>
        {shown ? `${t('common.yuanSymbol')} ${formatFen(user.balance)}` : HIDDEN_BALANCE}
      </span>
      {canView && <BalanceToggle />}
    </Space>
  );
}
