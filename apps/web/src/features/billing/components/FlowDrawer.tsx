import { LEDGER_REASONS } from '@taxlens/shared';
import { Drawer, Flex } from 'antd';
import { ExportButton } from '../../../components/ExportButton';
import { t } from '../../../locales';
import { ListHideToggle } from '../../accounts/components/ListHideToggle';
import { useSessionUser } from '../../auth/queries';
import { billingApi, type FlowQuery } from '../api';
import { usePagedQuery } from '../hooks/usePagedQuery';
import { withoutPage } from '../lib/paging';
import { useFlow } from '../queries';
import { DateRangeFilter } from './DateRangeFilter';
import { FlowTable } from './FlowTable';
import { AssetSelect, ReasonSelect } from './LedgerFilters';

/** The whole account flow (balance and credits) with filters, opened from /my. */
export function FlowDrawer({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { query, filter, pagination } = usePagedQuery<FlowQuery>({ page: 1, size: 20 });
  const flow = useFlow(query, open);
  const user = useSessionUser();
  return (
    <Drawer open={open} onClose={onClose} title={t('billing.flow.drawerTitle')} size={1000} destroyOnHidden>
      <Flex gap={12} wrap className="tl-bill-filters">
        <AssetSelect value={query.asset} onChange={(asset) => filter({ asset })} width={200} />
        <ReasonSelect reasons={LEDGER_REASONS} value={query.reason} onChange={(reason) => filter({ reason })} />
        <DateRangeFilter value={query} onChange={(range) => filter(range)} />
        <ListHideToggle hiddenName="flowHidden" label={t('billing.flow.hideAmounts')} />
        <ExportButton onExport={() => billingApi.exportFlow(withoutPage(query))} testId="flow-export">
          {t('billing.common.exportExcel')}
        </ExportButton>
      </Flex>
      <FlowTable
        rows={flow.data?.list}
        loading={flow.isFetching}
        pagination={pagination(flow.data?.total)}
        hideAmounts={user?.listHidden.flowHidden === 1}
      />
    </Drawer>
  );
}
