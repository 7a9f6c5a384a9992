import { Button, Result } from 'antd';
import { t } from '../../../locales';

/** Error state of a card or page whose data did not load; the toast already said why. */
export function LoadError({ onRetry, compact = false }: { onRetry: () => void; compact?: boolean }) {
  return (
    <Result
      status="warning"
      className={compact ? 'tl-bill-compact-result' : undefined}
      title={t('billing.common.loadFailed')}
      extra={
        <Button onClick={onRetry} data-testid="load-retry">
          {t('billing.common.retry')}
        </Button>
      }
    />
  );
}
