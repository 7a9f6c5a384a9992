import type { Workbench } from '@taxlens/shared';
import { Skeleton } from 'antd';
import { lazy, Suspense } from 'react';
import { useSessionUser } from '../../auth/queries';
import { LoadError } from '../../billing/components/LoadError';
import { HomePromotions } from '../../promotions/components/HomePromotions';
import { useWorkbench } from '../api';
import { Failures, PendingUploads, RecentImports, RecentReports } from '../components/ActivityCards';
import { ClientsCard } from '../components/ClientsCard';
import { GreetingCard } from '../components/GreetingCard';
import { HomeCarousel } from '../components/HomeCarousel';
import { HomeFooter } from '../components/HomeFooter';
import { PermissionOverview } from '../components/PermissionOverview';
import { StatCards } from '../components/StatCards';
import '../components/home-grid.css';
import './home-page.css';

// antd Steps loads only for a firm that has not done its first steps yet (issue 21).
const NextSteps = lazy(() => import('../components/NextSteps').then((module) => ({ default: module.NextSteps })));
const stepsDone = (steps: Workbench['steps']) => steps.bound && steps.imported && steps.reported;

/**
 * /home as a workbench: what to do next, the clients and their data, recent work, what waits for
 * the user (client uploads, failures), balance and credits — all from one call.
 */
export function HomePage() {
  const user = useSessionUser();
  const workbench = useWorkbench();
  if (!user) return null;
  const data = workbench.data;
  return (
    <div className="tl-home">
      <div className="tl-home-body" data-testid="home-workbench">
        <GreetingCard user={user} />
        <HomeCarousel />
        {data && !stepsDone(data.steps) && (
          <Suspense fallback={null}>
            <NextSteps steps={data.steps} firstCompanyId={data.companies[0]?.id} />
          </Suspense>
        )}
        <StatCards user={user} workbench={data} />
        {workbench.isPending ? (
          <div data-testid="home-loading">
            <Skeleton active paragraph={{ rows: 8 }} />
          </div>
        ) : !data ? (
          <LoadError onRetry={() => workbench.refetch()} />
        ) : (
          <div className="tl-home-grid tl-home-grid-xl2">
            <div>
              <ClientsCard companies={data.companies} total={data.companyCount} />
            </div>
            <div>
              <div className="tl-home-stack">
                <PendingUploads items={data.pendingUploads} />
                <Failures items={data.failures} />
              </div>
            </div>
            <div>
              <RecentReports items={data.recentReports} />
            </div>
            <div>
              <RecentImports items={data.recentImports} />
            </div>
          </div>
        )}
        <PermissionOverview user={user} />
      </div>
      <HomeFooter />
      <HomePromotions user={user} />
    </div>
  );
}
