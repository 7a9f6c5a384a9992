import { Alert, Button, Result, Space } from 'antd';
import { Link } from 'react-router';
import { canSeeRoute } from '../../../app/guards';
import { routeByPath } from '../../../app/routes';
import type { MessageKey } from '../../../locales';
import { t } from '../../../locales';
import { useSessionUser } from '../../auth/queries';

/** The next steps a user can take from here, each only when its page is open to them. */
function useNextSteps(steps: readonly { path: string; label: MessageKey }[]) {
  const user = useSessionUser();
  return steps.filter((step) => {
    const route = routeByPath(step.path);
    return user && route && canSeeRoute(route, user);
  });
}

const REPORT_STEPS = [
  { path: '/ticket', label: 'dataClient.empty.invoiceReport' },
  { path: '/risk/report', label: 'dataClient.empty.taxReport' },
  { path: '/company/list', label: 'dataClient.empty.addClients' },
] as const;

/** A firm with no clients yet: what the page will show, and where to start. */
export function ClientEmpty() {
  const steps = useNextSteps(REPORT_STEPS.slice(2));
  return (
    <Result
      status="info"
      title={t('dataClient.empty.noClients')}
      subTitle={t('dataClient.empty.noClientsHint')}
      data-testid="client-empty"
      extra={steps.map((step) => (
        <Link key={step.path} to={step.path}>
          <Button type="primary">{t(step.label)}</Button>
        </Link>
      ))}
    />
  );
}

/** Clients but no finished report in the period: the charts stay empty until reports are generated. */
export function NoReportsNotice() {
  const steps = useNextSteps(REPORT_STEPS);
  return (
    <Alert
      type="info"
      showIcon
      title={t('dataClient.empty.noReports')}
      description={
        <Space orientation="vertical" size={8}>
          <span>{t('dataClient.empty.noReportsHint')}</span>
          <Space wrap>
            {steps.map((step) => (
              <Link key={step.path} to={step.path}>
                <Button size="small">{t(step.label)}</Button>
              </Link>
            ))}
          </Space>
        </Space>
      }
      data-testid="client-no-reports"
    />
  );
}
