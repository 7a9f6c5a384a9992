import { ArrowLeftOutlined } from '@ant-design/icons';
import { REPORT_KINDS } from '@taxlens/shared';
import { Button, Card, Col, Row, Steps, Typography } from 'antd';
import { useLocation, useNavigate } from 'react-router';
import { BrandLogo } from '../../../components/BrandLogo';
import { t } from '../../../locales';
import { HomeFooter } from '../components/HomeFooter';
import './home-detail.css';

/**
 * /home/detail (HomeDetail, spec §2): the product introduction open without sign-in, outside the
 * main layout, with a back button — where a promotion or a shared link can send a visitor.
 */
export function HomeDetailPage() {
  const navigate = useNavigate();
  const location = useLocation();
  // Opened directly (a shared link, a new tab): nothing of ours to go back to, so the sign-in page.
  const back = () => (location.key === 'default' ? navigate('/login') : navigate(-1));
  return (
    <div className="tl-home-detail" data-testid="home-detail">
      <div className="tl-home-detail-bar">
        <Button icon={<ArrowLeftOutlined />} onClick={back} data-testid="home-detail-back">
          {t('home.detail.back')}
        </Button>
        <BrandLogo />
      </div>
      <div className="tl-home-detail-body">
        <Typography.Title level={2}>{t('home.detail.title')}</Typography.Title>
        <Typography.Paragraph type="secondary">{t('home.detail.lead')}</Typography.Paragraph>
        <Card title={t('home.detail.howTitle')}>
          <Steps
            responsive
            current={-1}
            items={[
              { title: t('home.steps.bind'), description: t('home.steps.bindHint') },
              { title: t('home.steps.import'), description: t('home.steps.importHint') },
              { title: t('home.steps.report'), description: t('home.steps.reportHint') },
            ]}
          />
        </Card>
        <Typography.Title level={4} className="tl-home-detail-kinds">
          {t('home.detail.kindsTitle')}
        </Typography.Title>
        <Row gutter={[16, 16]}>
          {REPORT_KINDS.map((kind) => (
            <Col xs={24} md={12} xl={8} key={kind.type}>
              <Card size="small" data-testid="home-detail-kind">
                <Typography.Text strong>{kind.name}</Typography.Text>
              </Card>
            </Col>
          ))}
        </Row>
        <div className="tl-home-detail-actions">
          <Button type="primary" size="large" onClick={() => navigate('/login')}>
            {t('home.detail.start')}
          </Button>
        </div>
      </div>
      <HomeFooter />
    </div>
  );
}
