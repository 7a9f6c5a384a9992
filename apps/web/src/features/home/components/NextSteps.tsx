import type { Workbench } from '@taxlens/shared';
import { Button } from 'antd';
import { Link } from 'react-router';
import { LightCard } from '../../../components/LightCard';
import { t } from '../../../locales';
import { FirstSteps } from './FirstSteps';

/**
 * The first steps of a new firm: bind a client company, import its data, generate a report.
 * Shown until all three are done; each step links to where it is done.
 */
export function NextSteps({ steps, firstCompanyId }: { steps: Workbench['steps']; firstCompanyId?: number }) {
  if (steps.bound && steps.imported && steps.reported) return null;
  const current = !steps.bound ? 0 : !steps.imported ? 1 : 2;
  const importPath = firstCompanyId ? `/company/firm?firmId=${firstCompanyId}&tab=import` : '/company/list';
  const actions = [
    { path: '/company/list', label: t('home.steps.bindAction') },
    { path: importPath, label: t('home.steps.importAction') },
    { path: '/ticket', label: t('home.steps.reportAction') },
  ];
  const action = actions[current];
  return (
    <LightCard
      title={t('home.steps.title')}
      data-testid="home-next-steps"
      extra={
        action && (
          <Link to={action.path}>
            <Button type="primary" data-testid="home-next-action">
              {action.label}
            </Button>
          </Link>
        )
      }
    >
      <FirstSteps
        current={current}
        items={[
          {
            title: t('home.steps.bind'),
            description: t('home.steps.bindHint'),
            status: steps.bound ? 'finish' : 'process',
          },
          {
            title: t('home.steps.import'),
            description: t('home.steps.importHint'),
            status: steps.imported ? 'finish' : steps.bound ? 'process' : 'wait',
          },
          {
            title: t('home.steps.report'),
            description: t('home.steps.reportHint'),
            status: steps.reported ? 'finish' : steps.imported ? 'process' : 'wait',
          },
        ]}
      />
    </LightCard>
  );
}
