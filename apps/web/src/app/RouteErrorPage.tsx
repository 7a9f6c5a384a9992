import { Button, Flex, Result } from 'antd';
import { useNavigate, useRouteError } from 'react-router';
import { isApiError } from '../lib/http';
import { t } from '../locales';
import { HOME_PATH } from './routes';

/** A page that failed to load (chunk failed twice, network down during the session check, a bug). */
export function RouteErrorPage() {
  const error = useRouteError();
  const navigate = useNavigate();
  const description = isApiError(error) ? error.msg : t('errors.pageErrorDescription');
  return (
    <Flex className="tl-fill" align="center" justify="center">
      <Result
        status="error"
        title={t('errors.pageErrorTitle')}
        subTitle={description}
        extra={[
          <Button key="reload" type="primary" onClick={() => window.location.reload()}>
            {t('common.reload')}
          </Button>,
          <Button key="home" onClick={() => navigate(HOME_PATH)}>
            {t('common.backHome')}
          </Button>,
        ]}
      />
    </Flex>
  );
}
