import { BUSINESS_TIME_ZONE } from '@taxlens/shared';
import { type RawBuilder, sql } from 'kysely';

// A literal, not a parameter: GROUP BY must see the same expression text as SELECT.
const zone = sql.lit(BUSINESS_TIME_ZONE);

/**
 * SQL conditions on business dates: a `YYYY-MM-DD` range is whole days in Asia/Shanghai,
 * end day included, whatever the database server's time zone.
 */
export function withinDates(column: string, startDate?: string, endDate?: string): RawBuilder<boolean>[] {
  const ref = sql.ref(column);
  const conditions: RawBuilder<boolean>[] = [];
  if (startDate) {
    conditions.push(sql<boolean>`${ref} >= (${startDate}::date::timestamp AT TIME ZONE ${zone})`);
  }
  if (endDate) {
    conditions.push(sql<boolean>`${ref} < ((${endDate}::date + 1)::timestamp AT TIME ZONE ${zone})`);
  }
  return conditions;
}

/** The start of the calendar month `monthsAgo` months before this one, in the business time zone. */
export function monthStart(monthsAgo = 0): RawBuilder<Date> {
  return sql<Date>`((date_trunc('month', now() AT TIME ZONE ${zone}) - make_interval(months => ${monthsAgo})) AT TIME ZONE ${zone})`;
}

/** `YYYY-MM` of an instant in the business time zone. */
export function businessMonth(column: string): RawBuilder<string> {
  return sql<string>`to_char(${sql.ref(column)} AT TIME ZONE ${zone}, 'YYYY-MM')`;
}
