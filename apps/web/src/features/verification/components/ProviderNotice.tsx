import { formatFen } from '@taxlens/shared';
import { Alert } from 'antd';
import { t } from '../../../locales';
import { useProvider } from '../queries';

/** Which provider answers (本地核验 or the platform relay), what it means and what a check costs. */
export function ProviderNotice() {
  const provider = useProvider();
  if (!provider.data) return null;
  const { label, description, priceFen, chargeMode, checkCredits, dailyLimitPerInvoice } = provider.data;
  return (
    <Alert
      type={provider.data.provider === 'local' ? 'info' : 'success'}
      showIcon
      title={t('verification.provider', { label })}
      description={
        <>
          <div>{description}</div>
          <div className="verification-price">
            {chargeMode === 'credit'
              ? t('verification.priceCredit', { count: checkCredits, limit: dailyLimitPerInvoice })
              : t('verification.price', { price: formatFen(priceFen), limit: dailyLimitPerInvoice })}
          </div>
        </>
      }
    />
  );
}
