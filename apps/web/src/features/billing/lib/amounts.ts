import { formatFen } from '@taxlens/shared';
import { t } from '../../../locales';

/** Asset 0 is the balance (fen), 1-6 credit counts: "+¥1,000.00", "-2 次". */
export function signedAmount(asset: number, delta: number): string {
  const sign = delta > 0 ? '+' : delta < 0 ? '-' : '';
  const magnitude = Math.abs(delta);
  return asset === 0
    ? `${sign}${t('common.yuanSymbol')}${formatFen(magnitude)}`
    : `${sign}${t('billing.common.timesCount', { count: magnitude })}`;
}

/** An unsigned amount of an asset: "¥1,000.00" or "2 次"; a hidden balance (null) as ******. */
export function assetAmount(asset: number, amount: number | null): string {
  if (amount === null) return '******';
  return asset === 0
    ? `${t('common.yuanSymbol')}${formatFen(amount)}`
    : t('billing.common.timesCount', { count: amount });
}
