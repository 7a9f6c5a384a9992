import { CheckOutlined } from '@ant-design/icons';
import { Button, Card, Col, List, Row, Tag } from 'antd';
import { Link } from 'react-router';
import { PageFrame } from '../../../components/PageFrame';
import { t } from '../../../locales';
import { useSessionUser } from '../../auth/queries';

const BASIC = ['basic1', 'basic2', 'basic3'] as const;
const FULL = ['full1', 'full2', 'full3', 'full4'] as const;

/**
 * /guide-page/policy: what the two policy libraries offer and which one this group has
 * (taxLawPolicyDatabasePermission); the full text is opened by the platform operator.
 */
export function PolicyGuidePage() {
  const user = useSessionUser();
  const full = user?.taxLawPolicyDatabasePermission === 1;
  const column = (key: 'basic' | 'full', items: readonly string[], current: boolean) => (
    <Card
      size="small"
      title={t(`policy.guide.${key}Title`)}
      extra={current && <Tag color="blue">{t('policy.guide.current')}</Tag>}
      data-testid={`policy-guide-${key}`}
    >
      <List
        size="small"
        dataSource={items as string[]}
        renderItem={(item) => (
          <List.Item>
            <CheckOutlined style={{ color: '#1677ff', marginRight: 8 }} />
            {t(`policy.guide.${item}` as 'policy.guide.basic1')}
          </List.Item>
        )}
      />
    </Card>
  );
  return (
    <PageFrame title={t('policy.guide.title')} subtitle={t('policy.guide.intro')} testId="policy-guide-page">
      <Row gutter={[16, 16]}>
        <Col xs={24} md={12}>
          {column('basic', BASIC, !full)}
        </Col>
        <Col xs={24} md={12}>
          {column('full', FULL, full)}
        </Col>
      </Row>
      <div style={{ marginTop: 16, display: 'flex', gap: 12, flexWrap: 'wrap', alignItems: 'center' }}>
        <Link to={full ? '/policy2' : '/policy'}>
          <Button type="primary">{t('policy.guide.open')}</Button>
        </Link>
        {!full && <span className="tl-muted">{t('policy.guide.howToOpen')}</span>}
      </div>
    </PageFrame>
  );
}
