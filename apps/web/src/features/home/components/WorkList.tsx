import type { ReactNode } from 'react';

/**
 * The workbench's short lists, drawn like antd's List (same paddings and dividers, see
 * home-page.css) without it: List brings Pagination and Select onto the first screen of /home
 * (issue 21), and these lists never page.
 */
export function WorkList<T>({
  items,
  size = 'default',
  itemKey,
  render,
}: {
  items: T[];
  size?: 'default' | 'small';
  itemKey: (item: T, index: number) => string | number;
  render: (item: T) => ReactNode;
}) {
  return (
    <ul className={size === 'small' ? 'tl-home-list tl-home-list-sm' : 'tl-home-list'}>
      {items.map((item, index) => (
        <li key={itemKey(item, index)} className="tl-home-list-item">
          {render(item)}
        </li>
      ))}
    </ul>
  );
}
