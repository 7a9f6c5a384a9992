import type { ReactNode } from 'react';

/**
 * A plain table for report sections, the same on screen and in the printed PDF (antd's Table
 * adds scrolling and pagination markup that prints badly). Styled by report.css.
 */
export interface SimpleColumn<T> {
  key: string;
  title: ReactNode;
  render: (row: T, index: number) => ReactNode;
  align?: 'left' | 'right' | 'center';
  width?: number | string;
}

interface SimpleTableProps<T> {
  columns: readonly SimpleColumn<T>[];
  rows: readonly T[];
  rowKey: (row: T, index: number) => string;
  empty?: ReactNode;
  testId?: string;
  caption?: ReactNode;
}

export function SimpleTable<T>({ columns, rows, rowKey, empty, testId, caption }: SimpleTableProps<T>) {
  return (
    <table className="tl-rtable" data-testid={testId}>
      {caption && <caption>{caption}</caption>}
      <thead>
        <tr>
          {columns.map((column) => (
            <th key={column.key} style={{ textAlign: column.align ?? 'left', width: column.width }}>
              {column.title}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.length === 0 ? (
          <tr>
            <td colSpan={columns.length} className="tl-rtable-empty">
              {empty ?? '-'}
            </td>
          </tr>
        ) : (
          rows.map((row, index) => (
            <tr key={rowKey(row, index)}>
              {columns.map((column) => (
                <td key={column.key} style={{ textAlign: column.align ?? 'left' }}>
                  {column.render(row, index)}
                </td>
              ))}
            </tr>
          ))
        )}
      </tbody>
    </table>
  );
}

/**
 * The columns some row fills: a column whose every cell is empty or '-' (a data source without an
 * import number, an appendix without annotations) is left out rather than printed blank. Columns
 * marked `keep` always stay (the first, naming the row).
 */
export function filledColumns<T>(
  columns: readonly SimpleColumn<T>[],
  rows: readonly T[],
  keep: readonly string[] = [],
) {
  if (rows.length === 0) return [...columns];
  return columns.filter(
    (column) =>
      keep.includes(column.key) ||
      rows.some((row, index) => {
        const cell = column.render(row, index);
        return cell !== null && cell !== undefined && cell !== '' && cell !== '-';
      }),
  );
}
