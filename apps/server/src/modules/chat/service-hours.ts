import { BUSINESS_TIME_ZONE, type ServiceHours } from '@taxlens/shared';
import type { DbOrTx } from '../../db/kysely.js';

const WEEKDAY_NAMES = ['', '周一', '周二', '周三', '周四', '周五', '周六', '周日'];

interface HoursRow {
  workdays: number[];
  opensAt: string;
  closesAt: string;
}

/** Weekday (1 Monday … 7 Sunday) and minutes since midnight of an instant in business time. */
function businessClock(now: Date): { weekday: number; minutes: number } {
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone: BUSINESS_TIME_ZONE,
    weekday: 'short',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(now);
  const get = (type: string) => parts.find((part) => part.type === type)?.value ?? '';
  const weekday = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'].indexOf(get('weekday')) + 1;
  return { weekday, minutes: Number(get('hour')) * 60 + Number(get('minute')) };
}

const toMinutes = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));
const shortTime = (time: string) => time.replace(/^0(\d):/, '$1:');

/** "工作日 9:00-18:00" for Monday–Friday, otherwise the days listed. */
function hoursText(row: HoursRow): string {
  const days = [...row.workdays].sort((a, b) => a - b);
  const span = `${shortTime(row.opensAt)}-${shortTime(row.closesAt)}`;
  if (days.join() === '1,2,3,4,5') return `工作日 ${span}`;
  if (days.length === 7) return `每天 ${span}`;
  return `${days.map((day) => WEEKDAY_NAMES[day]).join('、')} ${span}`;
}

/** Whether a human answers at `now`, and if not, when one next does (public holidays are not modelled). */
export function describeHours(row: HoursRow, now = new Date()): ServiceHours {
  const { weekday, minutes } = businessClock(now);
  const opens = toMinutes(row.opensAt);
  const closes = toMinutes(row.closesAt);
  const openNow = row.workdays.includes(weekday) && minutes >= opens && minutes < closes;
  let nextOpening: string | null = null;
  if (!openNow) {
    for (let ahead = 0; ahead <= 7; ahead += 1) {
      const day = ((weekday - 1 + ahead) % 7) + 1;
      if (!row.workdays.includes(day) || (ahead === 0 && minutes >= opens)) continue;
      const when = ahead === 0 ? '今天' : ahead === 1 ? '明天' : WEEKDAY_NAMES[day];
      nextOpening = `${when} ${row.opensAt}`;
      break;
    }
  }
  return { ...row, text: hoursText(row), openNow, nextOpening };
}

export async function loadHours(db: DbOrTx): Promise<HoursRow> {
  const row = await db
    .selectFrom('chat_settings')
    .select(['workdays', 'opens_at', 'closes_at'])
    .where('id', '=', 1)
    .executeTakeFirst();
  return {
    workdays: (row?.workdays ?? [1, 2, 3, 4, 5]).map(Number),
    opensAt: String(row?.opens_at ?? '09:00').slice(0, 5),
    closesAt: String(row?.closes_at ?? '18:00').slice(0, 5),
  };
}

export async function serviceHours(db: DbOrTx, now = new Date()): Promise<ServiceHours> {
  return describeHours(await loadHours(db), now);
}

export async function saveHours(db: DbOrTx, row: HoursRow): Promise<void> {
  await db
    .updateTable('chat_settings')
    .set({
      workdays: [...new Set(row.workdays)].sort(),
      opens_at: row.opensAt,
      closes_at: row.closesAt,
      updated_at: new Date(),
    })
    .where('id', '=', 1)
    .execute();
}

/** What the assistant says when it hands over: now, or when a human will reply. */
export function handoverText(hours: ServiceHours): string {
  if (hours.openNow) return '已为您转接人工客服，请稍候，客服人员接入后会在“人工客服”中回复您。';
  return `现在是非人工服务时间（服务时间：${hours.text}），人工客服将于${hours.nextOpening ?? '下一个服务时间'}起回复您。您的问题已进入排队，可以在“人工客服”中继续留言。`;
}
