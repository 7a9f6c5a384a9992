import { useQuery } from '@tanstack/react-query';
import { formatDateTime } from '@taxlens/shared';
import { Alert } from 'antd';
import { Link } from 'react-router';
import { t } from '../../../locales';
import { shareListOptions } from '../queries';

/** The company's page shows what its client sent through 客户上传链接 (the list refetches on SHARE_LINK events). */
export function ClientUploadBanner({ firmId }: { firmId: number }) {
  const links = useQuery(shareListOptions({ page: 1, size: 20, firmId }));
  const active = (links.data?.list ?? []).filter((link) => link.state !== 'pending');
  if (active.length === 0) return null;
  const uploads = active.reduce((sum, link) => sum + link.uploads, 0);
  const latest = active[0];
  return (
    <Alert
      type="info"
      showIcon
      className="tl-client-upload-banner"
      data-testid="client-upload-banner"
      title={
        uploads > 0 ? t('staff.clientUpload.bannerUploads', { count: uploads }) : t('staff.clientUpload.bannerBound')
      }
      description={
        latest ? t('staff.clientUpload.bannerLatest', { time: formatDateTime(latest.createTime) }) : undefined
      }
      action={<Link to="/company/bindUser">{t('staff.clientUpload.bannerOpen')}</Link>}
    />
  );
}
