import { useQuery } from '@tanstack/react-query';
import type { SiteInfo } from '@taxlens/shared';
import { Divider, Typography } from 'antd';
import { http } from '../../../lib/http';
import { t } from '../../../locales';

/**
 * Home page footer of spec §2: copyright, filing number and a friendly link to a sister site, all
 * from the deployment's configuration (SITE_* in .env). An item left empty there is not shown.
 */
export function HomeFooter() {
  const site = useQuery({
    queryKey: ['system', 'site'],
    queryFn: ({ signal }) => http.get<SiteInfo>('/system/site', { signal, silent: true }),
    staleTime: Number.POSITIVE_INFINITY,
  });
  const info = site.data;
  if (!info) return <footer className="tl-home-footer" data-testid="home-footer" />;
  const items = [
    <Typography.Text type="secondary" key="copyright" data-testid="footer-copyright">
      {info.copyright.replace('{year}', String(new Date().getFullYear()))}
    </Typography.Text>,
    info.filingNo && (
      <Typography.Link
        key="filing"
        type="secondary"
        href={info.filingUrl}
        target="_blank"
        rel="noopener noreferrer"
        data-testid="footer-filing"
      >
        {info.filingNo}
      </Typography.Link>
    ),
    info.sisterName && (
      <Typography.Text type="secondary" key="sister">
        {t('home.footer.friendLinks')}：
        <Typography.Link href={info.sisterUrl} target="_blank" rel="noopener noreferrer" data-testid="footer-sister">
          {info.sisterName}
        </Typography.Link>
      </Typography.Text>
    ),
  ].filter(Boolean);
  return (
    <footer className="tl-home-footer" data-testid="home-footer">
      {items.flatMap((item) =>
        item && item !== items[0] ? [<Divider key={`divider-${item.key}`} orientation="vertical" />, item] : [item],
      )}
    </footer>
  );
}
