import { useQuery } from '@tanstack/react-query';
import { Typography } from 'antd';
import { t } from '../../../locales';
import { companyDataApi } from '../api';

/** Which company-data provider answers (built-in imported data or a commercial API). */
export function ProviderNote() {
  const provider = useQuery({
    queryKey: ['companyData', 'provider'],
    queryFn: ({ signal }) => companyDataApi.provider(signal),
  });
  if (!provider.data) return null;
  return (
    <Typography.Text type="secondary" data-testid="provider-note">
      {t('companyData.provider', { label: provider.data.label })}
    </Typography.Text>
  );
}
