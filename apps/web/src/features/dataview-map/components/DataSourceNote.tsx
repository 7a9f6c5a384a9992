import { Typography } from 'antd';
import { t } from '../../../locales';

/** Where the figures come from and as of when (every data-view figure says so). */
export function DataSourceNote({
  source,
  asOf,
}: {
  source: string | null | undefined;
  asOf: string | null | undefined;
}) {
  if (!source) return null;
  return (
    <Typography.Text type="secondary" className="tl-dm-source" data-testid="data-source">
      {t('dataMap.source', { source, asOf: asOf ?? '-' })}
    </Typography.Text>
  );
}
