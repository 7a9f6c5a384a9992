import { formatFen, HIDDEN_BALANCE, hasPermission, type SessionUser, type Workbench } from '@taxlens/shared';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { canSeeRoute } from '../../../app/guards';
import { useLayoutState } from '../../../app/layout-state';
import { routeByName } from '../../../app/routes';
import { BalanceToggle } from '../../../components/BalanceToggle';
import { ComingSoon } from '../../../components/ComingSoon';
import { LightCard } from '../../../components/LightCard';
import { PlainText } from '../../../components/PlainText';
import { t } from '../../../locales';
import './home-grid.css';

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
    <LightCard className="tl-stat-card" data-testid={testId}>
      <div className="tl-stat-head">
        <PlainText type="secondary">{title}</PlainText>
        {action}
      </div>
      <div className="tl-stat-value">
        <span className="tl-stat-number">{value}</span>
        {unit && <span className="tl-stat-unit">{unit}</span>}
      </div>
      <div className="tl-stat-footer">{footer}</div>
    </LightCard>
  );
}

function RechargeLink() {
  const payRoute = routeByName('Pay');
  if (payRoute) return <Link to={payRoute.path}>{t('home.recharge')}</Link>;
  return (
    <ComingSoon>
      <PlainText type="disabled">{t('home.recharge')}</PlainText>
    </ComingSoon>
  );
}

/** Balance, report credits and clients of the signed-in user (credits and clients from the workbench call). */
export function StatCards({
  user,
  workbench,
  usageLink = true,
}: {
  user: SessionUser;
  workbench?: Workbench;
  /** The link to the data board (not on the data board itself). */
  usageLink?: boolean;
}) {
  const { balanceHidden } = useLayoutState();
  const canView = hasPermission(user, 'viewBalance');
  const shown = canView && !balanceHidden;
  const credits = workbench?.wallet.credits ?? [];
  const creditTotal = credits.reduce((sum, item) => sum + item.count, 0);
  const usage = routeByName('PeopleUse');

  return (
    <div className="tl-home-grid tl-home-grid-md3">
      <div>
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
              <PlainText type="secondary">{t('home.balanceNoRight')}</PlainText>
            )
          }
        />
      </div>
      <div>
        <StatCard
          testId="stat-credits"
          title={t('home.creditsTitle')}
          action={
            usageLink && usage && canSeeRoute(usage, user) && <Link to={usage.path}>{t('home.peopleUse.link')}</Link>
          }
          value={workbench ? creditTotal : '—'}
          unit={t('home.creditsUnit')}
          footer={
            <PlainText type="secondary" ellipsis className="tl-stat-credits">
              {credits
                .filter((item) => item.count > 0)
                .map((item) => `${item.name} ${item.count}`)
                .join('，') || t('home.creditsNone')}
            </PlainText>
          }
        />
      </div>
      <div>
        <StatCard
          testId="stat-clients"
          title={t('home.clientsTitle')}
          value={workbench ? workbench.companyCount : '—'}
          unit={t('home.clientsUnit')}
          footer={<Link to="/company/list">{t('home.clientsManage')}</Link>}
        />
      </div>
    </div>
  );
}
