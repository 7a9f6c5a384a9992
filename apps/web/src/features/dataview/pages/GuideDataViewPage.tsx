import { Button, Result, Typography } from 'antd';
import { Link } from 'react-router';
import { HOME_PATH } from '../../../app/route-types';
import { PageFrame } from '../../../components/PageFrame';
import { t } from '../../../locales';

/** /guide-page/data-view: the group has not bought the data service (dataPriceAuth 0). */
export function GuideDataViewPage() {
  return (
    <PageFrame title={t('dataView.routes.guide')} testId="guide-data-view">
      <Result
        status="info"
        title={t('dataView.guide.title')}
        subTitle={t('dataView.guide.body')}
        extra={
          <Link to={HOME_PATH}>
            <Button>{t('dataView.guide.back')}</Button>
          </Link>
        }
      >
        <Typography.Paragraph style={{ whiteSpace: 'pre-line' }}>{t('dataView.guide.points')}</Typography.Paragraph>
        <Typography.Text strong>{t('dataView.guide.contact')}</Typography.Text>
      </Result>
    </PageFrame>
  );
}

/** /guide-page/data-view2: the service has expired or is paused (dataPriceAuth 2). */
export function GuideDataView2Page() {
  return (
    <PageFrame title={t('dataView.routes.guide2')} testId="guide-data-view2">
      <Result
        status="warning"
        title={t('dataView.guide.title2')}
        subTitle={t('dataView.guide.body2')}
        extra={
          <Link to={HOME_PATH}>
            <Button>{t('dataView.guide.back')}</Button>
          </Link>
        }
      >
        <Typography.Text strong>{t('dataView.guide.contact2')}</Typography.Text>
      </Result>
    </PageFrame>
  );
}
