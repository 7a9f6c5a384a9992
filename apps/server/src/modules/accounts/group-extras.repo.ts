import { provinceOfCreditCode } from '@taxlens/shared';
import type { DbOrTx } from '../../db/kysely.js';
import { monitoringNum } from '../dataview/monitoring.service.js';

export interface GroupExtras {
  buyId: number | null;
  buyName: string | null;
  buyType: 1 | 2 | null;
  province: string | null;
  canUseMonitorNumber: number;
}

const NONE: GroupExtras = { buyId: null, buyName: null, buyType: null, province: null, canUseMonitorNumber: 0 };

/** The user-details fields about the group's purchases, region and monitoring slots (spec §3). */
export async function groupExtras(db: DbOrTx, groupId: number | null): Promise<GroupExtras> {
  if (groupId === null) return NONE;
  const [group, latest] = await Promise.all([
    db.selectFrom('groups').select(['credit_code', 'monitor_slots']).where('id', '=', groupId).executeTakeFirst(),
    db
      .selectFrom('orders as o')
      .leftJoin('packages as p', 'p.id', 'o.package_id')
      .select(['o.kind', 'o.package_id', 'p.name'])
      .where('o.group_id', '=', groupId)
      .where('o.state', '=', 'paid')
      .orderBy('o.paid_at', 'desc')
      .limit(1)
      .executeTakeFirst(),
  ]);
  if (!group) return NONE;
  const bought = latest
    ? latest.kind === 'package'
      ? { buyId: Number(latest.package_id), buyName: latest.name ?? null, buyType: 1 as const }
      : { buyId: null, buyName: '余额充值', buyType: 2 as const }
    : { buyId: null, buyName: null, buyType: null };
  return {
    ...bought,
    province: provinceOfCreditCode(group.credit_code),
    // Granted slots not taken by a monitored company (spec §3 canUseMonitorNumber).
    canUseMonitorNumber: (await monitoringNum(db, groupId)).canUseMonitorNumber,
  };
}
