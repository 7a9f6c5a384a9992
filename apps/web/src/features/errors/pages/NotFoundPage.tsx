import { Button, Result } from 'antd';
import { Link, useNavigate } from 'react-router';
import { HOME_PATH } from '../../../app/routes';
import { BrandLogo } from '../../../components/BrandLogo';
import { t } from '../../../locales';
import './not-found-page.css';

/** /404: unknown addresses and pages the user may not open end here. */
export function NotFoundPage() {
  const navigate = useNavigate();
  return (
    <div className="tl-not-found">
      <Link to={HOME_PATH} className="tl-not-found-logo" aria-label={t('common.appFullName')}>
        <BrandLogo size={32} />
      </Link>
      <Result
        status="404"
        title="404"
        subTitle={
          <>
            <div className="tl-not-found-title">{t('errors.notFoundTitle')}</div>
            <div>{t('errors.notFoundDescription')}</div>
          </>
        }
        extra={
          <Button type="primary" size="large" onClick={() => navigate(HOME_PATH)} data-testid="back-home">
            {t('common.backHome')}
          </Button>
        }
      />
    </div>
  );
}
