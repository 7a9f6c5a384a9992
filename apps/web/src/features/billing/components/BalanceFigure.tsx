import { formatFen, HIDDEN_BALANCE } from '@taxlens/shared';
import { useLayoutState } from '../../../app/layout-state';
import { BalanceToggle } from '../../../components/BalanceToggle';
import { t } from '../../../locales';

interface BalanceFigureProps {
  /** Fen; null when the server withheld it (no viewBalance): shown as ******. */
  balance: number | null | undefined;
  testId?: string;
}

/** The balance as a large figure with the shared hide toggle (the popover's and home page's eye). */
export function BalanceFigure({ balance, testId = 'billing-balance' }: BalanceFigureProps) {
  const { balanceHidden } = useLayoutState();
  const visible = balance !== null && balance !== undefined;
  const shown = visible && !balanceHidden;
  return (
    <span className="tl-bill-balance">
      <span className="tl-bill-balance-value" data-testid={testId}>
        {shown ? (
          <>
            <span className="tl-bill-balance-symbol">{t('common.yuanSymbol')}</span>
            {formatFen(balance)}
          </>
        ) : (
          HIDDEN_BALANCE
        )}
      </span>
      {visible && <BalanceToggle />}
    </span>
  );
}
