import { formatFen, HIDDEN_BALANCE, hasPermission, PERMISSION_KEYS, type SessionUser } from '@taxlens/shared';
import { Card, Col, Progress, Row, Typography } from 'antd';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useLayoutState } from '../../../app/layout-state';
import { routeByName } from '../../../app/routes';
import { BalanceToggle } from '../../../components/BalanceToggle';
import { ComingSoon } from '../../../components/ComingSoon';
import { t } from '../../../locales';

interface StatCardProps {
  title: string;
  value: ReactNode;
  unit?: string;
  action?: ReactNode;
  footer: ReactNode;
  testId: string;
}

function StatCard({ title, value, unit, action, footer, testId }: StatCardProps) {
  return (
    <Card className="tl-stat-card" data-testid={testId}>
      <div className="tl-stat-head">
        <Typography.Text type="secondary">{title}</Typography.Text>
        {action}
      </div>
      <div className="tl-stat-value">
        <span className="tl-stat-number">{value}</span>
        {unit && <span className="tl-stat-unit">{unit}</span>}
      </div>
      <div className="tl-stat-footer">{footer}</div>
    </Card>
  );
}

function RechargeLink() {
  const payRoute = routeByName('Pay');
  if (payRoute) return <Link to={payRoute.path}>{t('home.recharge')}</Link>;
  return (
    <ComingSoon>
      <Typography.Text disabled>{t('home.recharge')}</Typography.Text>
    </ComingSoon>
  );
}

/** Balance, level and permission count of the signed-in user. */
export function StatCards({ user }: { user: SessionUser }) {
  const { balanceHidden } = useLayoutState();
  const canView = hasPermission(user, 'viewBalance');
  const shown = canView && !balanceHidden;
  const granted = PERMISSION_KEYS.filter((key) => hasPermission(user, key)).length;
  const total = PERMISSION_KEYS.length;

  return (
    <Row gutter={[16, 16]}>
      <Col xs={24} md={8}>
        <StatCard
          testId="stat-balance"
          title={t('home.balanceTitle')}
          value={shown ? formatFen(user.balance) : HIDDEN_BALANCE}
          unit={shown ? t('home.balanceUnit') : undefined}
          action={canView && <BalanceToggle />}
          footer={
            canView ? (
              hasPermission(user, 'pay') && <RechargeLink />
            ) : (
              <Typography.Text type="secondary">{t('home.balanceNoRight')}</Typography.Text>
            )
          }
        />
      </Col>
      <Col xs={24} md={8}>
        <StatCard
          testId="stat-level"
          title={t('home.levelTitle')}
          value={user.levelString}
          footer={
            <Typography.Text type="secondary">
              {user.level === 1 ? t('home.levelMainHint') : t('home.levelMemberHint')}
            </Typography.Text>
          }
        />
      </Col>
      <Col xs={24} md={8}>
        <StatCard
          testId="stat-permissions"
          title={t('home.permissionTitle')}
          value={granted}
          unit={`${t('home.permissionUnit')} / ${t('home.permissionOf', { total })}`}
          footer={
            <Progress percent={Math.round((granted / total) * 100)} status="normal" size="small" showInfo={false} />
          }
        />
      </Col>
    </Row>
  );
}
