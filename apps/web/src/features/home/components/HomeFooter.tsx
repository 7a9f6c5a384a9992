import { useQuery } from '@tanstack/react-query';
import type { SiteInfo } from '@taxlens/shared';
import { PlainText } from '../../../components/PlainText';
import { http } from '../../../lib/http';
import { t } from '../../../locales';
import './home-footer.css';

/**
 * Home page footer of spec §2: copyright, filing number and a friendly link to a sister site, all
 * from the deployment's configuration (SITE_* in .env). An item left empty there is not shown.
 * Texts, links and dividers look like antd's Typography and vertical Divider, drawn without them
 * (issue 21: /home's first screen).
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
    <PlainText type="secondary" key="copyright" data-testid="footer-copyright">
      {info.copyright.replace('{year}', String(new Date().getFullYear()))}
    </PlainText>,
    info.filingNo && (
      <a
        key="filing"
        className="tl-home-footer-link tl-text-secondary"
        href={info.filingUrl}
        target="_blank"
        rel="noopener noreferrer"
        data-testid="footer-filing"
      >
        {info.filingNo}
      </a>
    ),
    info.sisterName && (
      <PlainText type="secondary" key="sister">
        {t('home.footer.friendLinks')}：
        <a
          className="tl-home-footer-link"
          href={info.sisterUrl}
          target="_blank"
          rel="noopener noreferrer"
          data-testid="footer-sister"
        >
          {info.sisterName}
        </a>
      </PlainText>
    ),
  ].filter(Boolean);
  return (
    <footer className="tl-home-footer" data-testid="home-footer">
      {items.flatMap((item) =>
        item && item !== items[0]
          ? [<span key={`divider-${item.key}`} className="tl-home-footer-divider" aria-hidden />, item]
          : [item],
      )}
    </footer>
  );
}
