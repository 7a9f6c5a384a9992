import { Button, Result, Typography } from 'antd';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { HOME_PATH } from '../../../app/route-types';
import { PageFrame } from '../../../components/PageFrame';
import { t } from '../../../locales';

interface GuideProps {
  title: string;
  testId: string;
  status: 'info' | 'warning';
  heading: string;
  body: string;
  children: ReactNode;
}

/** The two guide pages share their frame: a result with the way back home. */
function Guide({ title, testId, status, heading, body, children }: GuideProps) {
  return (
    <PageFrame title={title} testId={testId}>
      <Result
        status={status}
        title={heading}
        subTitle={body}
        extra={
          <Link to={HOME_PATH}>
            <Button>{t('dataView.guide.back')}</Button>
          </Link>
        }
      >
        {children}
      </Result>
    </PageFrame>
  );
}

/** /guide-page/data-view: the group has not bought the data service (dataPriceAuth 0). */
export function GuideDataViewPage() {
  return (
    <Guide
      title={t('dataView.routes.guide')}
      testId="guide-data-view"
      status="info"
      heading={t('dataView.guide.title')}
      body={t('dataView.guide.body')}
    >
      <Typography.Paragraph style={{ whiteSpace: 'pre-line' }}>{t('dataView.guide.points')}</Typography.Paragraph>
      <Typography.Text strong>{t('dataView.guide.contact')}</Typography.Text>
    </Guide>
  );
}

/** /guide-page/data-view2: the service has expired or is paused (dataPriceAuth 2). */
export function GuideDataView2Page() {
  return (
    <Guide
      title={t('dataView.routes.guide2')}
      testId="guide-data-view2"
      status="warning"
      heading={t('dataView.guide.title2')}
      body={t('dataView.guide.body2')}
    >
      <Typography.Text strong>{t('dataView.guide.contact2')}</Typography.Text>
    </Guide>
  );
}
