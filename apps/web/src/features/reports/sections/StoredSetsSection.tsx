import { Tag } from 'antd';
import { useMemo } from 'react';
import { t } from '../../../locales';
import { type SimpleColumn, SimpleTable } from '../components/SimpleTable';
import { groupStoredSets, type StoredSetGroup, statementLabel } from '../lib/tax-sections';
import type { StoredSetSource } from '../report-view.types';

const COLUMNS: readonly SimpleColumn<StoredSetGroup>[] = [
  {
    key: 'statement',
    title: t('taxReport.sources.statement'),
    width: '17%',
    render: (group) => statementLabel(group.statement),
  },
  { key: 'periods', title: t('taxReport.sources.periods'), width: '26%', render: (group) => group.periodsText },
  { key: 'count', title: t('taxReport.sources.count'), align: 'right', width: 56, render: (group) => group.count },
  { key: 'origin', title: t('taxReport.sources.origin'), render: (group) => group.origin },
  {
    key: 'used',
    title: t('taxReport.sources.used'),
    width: 88,
    render: (group) => (
      <Tag color={group.used ? 'success' : 'default'}>
        {group.used ? t('taxReport.sources.usedYes') : t('taxReport.sources.usedNo')}
      </Tag>
    ),
  },
];

/** 数据来源 of the tax reports: the stored statements and returns read, where they came from, whether used. */
export function StoredSetsSection({ sets }: { sets: readonly StoredSetSource[] }) {
  const groups = useMemo(() => groupStoredSets(sets), [sets]);
  return (
    <div className="tl-sources" data-testid="sources">
      <p className="tl-muted">{t('taxReport.sources.hint')}</p>
      <SimpleTable columns={COLUMNS} rows={groups} rowKey={(group) => group.key} empty={t('taxReport.sources.empty')} />
    </div>
  );
}
