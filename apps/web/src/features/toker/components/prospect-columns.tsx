import type { Prospect } from '@taxlens/shared';
import { Space, Tag, Tooltip } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { t } from '../../../locales';

/** 万元 with up to two decimals, from fen. */
export const capitalText = (fen: number | null) =>
  fen === null ? '-' : t('toker.search.wan', { value: String(Number((fen / 1_000_000).toFixed(2))) });

/** The registry columns every prospect table shows (search results, lists, my cards). */
export function prospectColumns<T extends Prospect>(): ColumnsType<T> {
  return [
    {
      title: t('toker.search.company'),
      key: 'name',
      fixed: 'left',
      width: 220,
      render: (_, row) => (
        <div>
          <div>{row.name}</div>
          <div style={{ fontSize: 12, color: 'rgba(0,0,0,0.45)' }}>{row.creditCode}</div>
        </div>
      ),
    },
    {
      title: t('toker.search.signal'),
      key: 'signals',
      width: 200,
      render: (_, row) =>
        row.signals.length === 0 ? (
          '-'
        ) : (
          <Space size={[4, 4]} wrap>
            {row.signals.map((signal) => (
              <Tooltip key={signal.key} title={signal.detail}>
                <Tag color="volcano">{signal.label}</Tag>
              </Tooltip>
            ))}
          </Space>
        ),
    },
    { title: t('toker.search.legalRep'), dataIndex: 'legalRep', width: 100, render: (value) => value ?? '-' },
    { title: t('toker.search.region'), dataIndex: 'regionName', width: 180, render: (value) => value ?? '-' },
    { title: t('toker.search.industry'), dataIndex: 'industryName', width: 180, render: (value) => value ?? '-' },
    {
      title: t('toker.search.capital'),
      dataIndex: 'registeredCapitalFen',
      width: 120,
      render: (value: number | null) => capitalText(value),
    },
    { title: t('toker.search.established'), dataIndex: 'establishedOn', width: 110, render: (value) => value ?? '-' },
    { title: t('toker.search.regStatus'), dataIndex: 'statusText', width: 120 },
  ];
}
