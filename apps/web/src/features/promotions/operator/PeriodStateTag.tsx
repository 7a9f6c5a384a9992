import { Tag } from 'antd';
import dayjs from 'dayjs';
import { t } from '../../../locales';
import { periodState } from './api';

const COLORS = { running: 'green', upcoming: 'blue', ended: 'default', draft: 'orange' } as const;
const LABELS = {
  running: 'promotions.operator.running',
  upcoming: 'promotions.operator.upcoming',
  ended: 'promotions.operator.ended',
  draft: 'promotions.operator.publishedOff',
} as const;

export function PeriodStateTag({ row }: { row: { startsAt: string; endsAt: string; published: boolean } }) {
  const state = periodState(row);
  return (
    <Tag color={COLORS[state]} data-state={state}>
      {t(LABELS[state])}
    </Tag>
  );
}

export const periodText = (row: { startsAt: string; endsAt: string }) =>
  `${dayjs(row.startsAt).format('YYYY-MM-DD HH:mm')} ~ ${dayjs(row.endsAt).format('YYYY-MM-DD HH:mm')}`;
