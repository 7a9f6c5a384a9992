import type { JobDefinition } from '../../jobs/registry.js';
import { closeExpiredOrders } from './orders.repo.js';

/**
 * Closes pending orders past their time-out: sandbox orders after 30 minutes, bank transfers
 * after 7 days (their expiry is set when ordered). A payment locked in first keeps its order paid.
 */
export const closeExpiredOrdersJob: JobDefinition = {
  name: 'billing.close-expired-orders',
  cron: '* * * * *',
  retryLimit: 1,
  async handle(_data, { db, log }) {
    const closed = await closeExpiredOrders(db);
    if (closed.length > 0) log('closed expired orders', { count: closed.length, orderIds: closed.slice(0, 50) });
  },
};

export const billingJobs: JobDefinition[] = [closeExpiredOrdersJob];
