import type { JobDefinition } from '../../jobs/registry.js';
import { checkMonitored } from './monitoring-run.js';

/**
 * Every hour (Asia/Shanghai): re-checks every monitored company against the company-data provider
 * and the group's own invoice reports, records what is new, and sends each group with new events
 * one DATAPRICE message. A run that overlaps another records nothing twice (unique fact keys).
 */
export const monitoringCheckJob: JobDefinition = {
  name: 'data-view.monitoring-check',
  cron: '17 * * * *',
  retryLimit: 1,
  async handle(_data, deps) {
    const result = await checkMonitored(deps.db, { push: true, log: deps.log });
    deps.log('monitoring check finished', {
      checked: result.checked,
      events: result.events,
      failed: result.failed,
      groups: result.pushedGroups.length,
    });
  },
};
