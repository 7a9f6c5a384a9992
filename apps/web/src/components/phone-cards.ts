import type { TableColumnsType } from 'antd';
import type { HTMLAttributes } from 'react';
import './phone-cards.css';

/** The class that turns a list table into one card per row on a phone (components/phone-cards.css). */
export const PHONE_CARDS_CLASS = 'tl-phone-cards';

/**
 * Gives each cell its column's title as `data-label`, which the phone layout prints before the
 * value (a card shows "状态  已完成" where the wide table has a header row). Columns whose title is
 * not plain text (a checkbox, an icon) get no label.
 */
export function withCardLabels<T>(columns: TableColumnsType<T>): TableColumnsType<T> {
  return columns.map((column) => {
    const label = typeof column.title === 'string' ? column.title : '';
    const onCell = column.onCell;
    return {
      ...column,
      onCell: (record: T, index?: number) =>
        ({ ...(onCell?.(record, index) ?? {}), 'data-label': label }) as HTMLAttributes<HTMLElement>,
    };
  });
}
