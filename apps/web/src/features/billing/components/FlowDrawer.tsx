import { LEDGER_REASON_LABELS, LEDGER_REASONS, REPORT_KINDS } from '@taxlens/shared';
import { Drawer, Flex, Select } from 'antd';
import { useState } from 'react';
import { t } from '../../../locales';
import type { FlowQuery } from '../api';
import { tablePagination } from '../lib/paging';
import { useFlow } from '../queries';
import { DateRangeFilter } from './DateRangeFilter';
import { FlowTable } from './FlowTable';

/** The whole account flow (balance and credits) with filters, opened from /my. */
export function FlowDrawer({ open, onClose }: { open: boolean; onClose: () => void }) {
  const [query, setQuery] = useState<FlowQuery>({ page: 1, size: 20 });
  const flow = useFlow(query, open);
  const update = (patch: Partial<FlowQuery>) => setQuery((previous) => ({ ...previous, page: 1, ...patch }));
  return (
    <Drawer open={open} onClose={onClose} title={t('billing.flow.drawerTitle')} size={1000} destroyOnHidden>
      <Flex gap={12} wrap className="tl-bill-filters">
        <Select<number>
          allowClear
          placeholder={t('billing.flow.allAssets')}
          style={{ width: 200 }}
          value={query.asset}
          onChange={(asset) => update({ asset })}
          options={[
            { value: 0, label: t('billing.common.balance') },
            ...REPORT_KINDS.map((kind) => ({ value: kind.type, label: kind.name })),
          ]}
        />
        <Select<string>
          allowClear
          placeholder={t('billing.flow.allReasons')}
          style={{ width: 180 }}
          value={query.reason}
          onChange={(reason) => update({ reason })}
          options={LEDGER_REASONS.map((reason) => ({ value: reason, label: LEDGER_REASON_LABELS[reason] }))}
        />
        <DateRangeFilter value={query} onChange={(range) => update(range)} />
      </Flex>
      <FlowTable
        rows={flow.data?.list}
        loading={flow.isFetching}
        pagination={tablePagination(query, flow.data?.total, (page, size) => setQuery((q) => ({ ...q, page, size })))}
      />
    </Drawer>
  );
}
