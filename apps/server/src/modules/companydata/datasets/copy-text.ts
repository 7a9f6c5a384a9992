/** PostgreSQL COPY text format: one line per row, tab-separated, \N for null, backslash escapes. */
import type { CopyValue } from './dataset-rows.js';

function escapeCopy(text: string): string {
  return text.replace(/\\/g, '\\\\').replace(/\t/g, '\\t').replace(/\n/g, '\\n').replace(/\r/g, '\\r');
}

/** An array literal ('{"a","b"}'), each element quoted, before COPY's own escaping. */
function arrayLiteral(items: readonly string[]): string {
  return `{${items.map((item) => `"${item.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`).join(',')}}`;
}

export function copyLine(values: readonly CopyValue[]): string {
  return `${values
    .map((value) => {
      if (value === null) return '\\N';
      if (typeof value === 'number') return String(value);
      if (Array.isArray(value)) return escapeCopy(arrayLiteral(value));
      return escapeCopy(value as string);
    })
    .join('\t')}\n`;
}
