import { Col, Row } from 'antd';
import { PageFrame } from '../../../components/PageFrame';
import { t } from '../../../locales';
import { useSessionUser } from '../../auth/queries';
import { ReportStatsCard } from '../../billing/components/ReportStatsCard';
import { useWorkbench } from '../api';
import { StatCards } from '../components/StatCards';
import './home-page.css';

/**
 * /people/use 数据看板: what the account (the group for the main account, the team for a supervisor,
 * oneself for staff) has used — reports by kind and trend, by company and by member — beside the
 * balance, credits and clients. For staff it stands where user management would be (spec §2).
 */
export function PeopleUsePage() {
  const user = useSessionUser();
  const workbench = useWorkbench();
  if (!user) return null;
  return (
    <PageFrame title={t('home.peopleUse.title')} subtitle={t('home.peopleUse.subtitle')} testId="people-use">
      <Row gutter={[16, 16]}>
        <Col span={24}>
          <StatCards user={user} workbench={workbench.data} usageLink={false} />
        </Col>
        <Col span={24}>
          <ReportStatsCard user={user} />
        </Col>
      </Row>
    </PageFrame>
  );
}
