import { Divider, Typography } from 'antd';
import { t } from '../../../locales';

/** Home page footer of spec §2: copyright, filing number and a friendly link. */
export function HomeFooter() {
  return (
    <footer className="tl-home-footer" data-testid="home-footer">
      <Typography.Text type="secondary">
        {t('home.footer.copyright', { year: new Date().getFullYear() })}
      </Typography.Text>
      <Divider orientation="vertical" />
      <Typography.Text type="secondary">{t('home.footer.filing')}</Typography.Text>
      <Divider orientation="vertical" />
      <Typography.Text type="secondary">
        {t('home.footer.friendLinks')}：
        <Typography.Link href="https://www.chinatax.gov.cn" target="_blank" rel="noopener noreferrer">
          {t('home.footer.chinatax')}
        </Typography.Link>
      </Typography.Text>
    </footer>
  );
}
