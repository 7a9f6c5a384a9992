import { describe, expect, it } from 'vitest';
import { filledColumns, type SimpleColumn } from './SimpleTable';

interface Row {
  name: string;
  role: string | null;
  importId: number | null;
}
const COLUMNS: SimpleColumn<Row>[] = [
  { key: 'name', title: '名称', render: (row) => row.name },
  { key: 'role', title: '职务', render: (row) => row.role ?? '-' },
  { key: 'importId', title: '导入编号', render: (row) => row.importId },
];

describe('filledColumns', () => {
  it('leaves out a column no row fills, keeps one any row fills and the kept ones', () => {
    const rows = [
      { name: '', role: null, importId: null },
      { name: '', role: '监事', importId: null },
    ];
    expect(filledColumns(COLUMNS, rows, ['name']).map((column) => column.key)).toEqual(['name', 'role']);
    expect(filledColumns(COLUMNS, [{ name: 'a', role: null, importId: 3 }]).map((c) => c.key)).toEqual([
      'name',
      'importId',
    ]);
  });

  it('keeps every column of an empty table (its empty text spans them)', () => {
    expect(filledColumns(COLUMNS, [])).toHaveLength(3);
  });
});
