import { CloseCircleFilled } from '@ant-design/icons';
import { Button, Flex, theme } from 'antd';
import { useNavigate, useRouteError } from 'react-router';
import { isApiError } from '../lib/http';
import { t } from '../locales';
import { HOME_PATH } from './route-types';

/**
 * A page that failed to load (chunk failed twice, network down during the session check, a bug).
 * Laid out like antd's Result without using it: Result carries its 403/404/500 illustrations, and
 * this page is in the entry chunk (it must render when no further chunk can load), so it would put
 * them on every first screen (issue 21).
 */
export function RouteErrorPage() {
  const error = useRouteError();
  const navigate = useNavigate();
  const { token } = theme.useToken();
  const description = isApiError(error) ? error.msg : t('errors.pageErrorDescription');
  return (
    <Flex className="tl-fill" vertical align="center" justify="center" gap={token.marginMD}>
      <CloseCircleFilled style={{ fontSize: 72, color: token.colorError }} />
      <h1 style={{ margin: 0, fontSize: token.fontSizeHeading3, fontWeight: 500, color: token.colorTextHeading }}>
        {t('errors.pageErrorTitle')}
      </h1>
      <p style={{ margin: 0, color: token.colorTextDescription, textAlign: 'center' }}>{description}</p>
      <Flex gap={token.marginXS} wrap justify="center">
        <Button type="primary" onClick={() => window.location.reload()}>
          {t('common.reload')}
        </Button>
        <Button onClick={() => navigate(HOME_PATH)}>{t('common.backHome')}</Button>
      </Flex>
    </Flex>
  );
}
