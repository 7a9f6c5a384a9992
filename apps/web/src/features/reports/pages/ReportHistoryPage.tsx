import { DownloadOutlined, PlusOutlined, SettingOutlined } from '@ant-design/icons';
import { POOL_REPORT_TYPES, type PoolReportType, REPORT_STATUS_LABELS, reportKindByReportType } from '@taxlens/shared';
import { App, Button, Card, DatePicker, Input, Segmented, Select, Space, Typography } from 'antd';
import type { Dayjs } from 'dayjs';
import { useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { isApiError } from '../../../lib/http';
import { t } from '../../../locales';
import { type ListHiddenName, ListHideToggle } from '../../accounts/components/ListHideToggle';
import { useSessionUser } from '../../auth/queries';
import { type ReportListQuery, reportsApi } from '../api';
import { AutoDeleteDialog } from '../components/AutoDeleteDialog';
import { ReportTable } from '../components/ReportTable';
import { type ReportStatus, unreadFirst } from '../lib/report-state';
import { useMarkRead, useReportList, useReportState } from '../queries';
import { PAGE_TITLE_STYLE } from './page-style';
import { REQUEST_KINDS, type RequestKind, requestPathOf } from './request-kinds';
import './report-pages.css';

interface Filters {
  keyword: string;
  dates: [Dayjs, Dayjs] | null;
  status: ReportStatus | undefined;
  reportType: PoolReportType | undefined;
  unreadOnly: boolean;
}

const EMPTY_FILTERS: Filters = {
  keyword: '',
  dates: null,
  status: undefined,
  reportType: undefined,
  unreadOnly: false,
};
const DATE_FORMAT = 'YYYY-MM-DD';

/** Each history's list-hiding flag (spec §3 listHidden). */
const LIST_HIDDEN_OF: Record<RequestKind | 'all', ListHiddenName> = {
  INVOICE: 'invoiceHidden',
  TAX: 'riskHidden',
  COMPREHENSIVE: 'shyHidden',
  all: 'allHidden',
};

/** One kind's history, or 'all' for 全部报告 (every kind, unread first, with mark-all-read). */
function HistoryPage({ scope }: { scope: RequestKind | 'all' }) {
  const user = useSessionUser();
  const navigate = useNavigate();
  const { message } = App.useApp();
  const [filters, setFilters] = useState<Filters>(EMPTY_FILTERS);
  const [paging, setPaging] = useState({ page: 1, size: 10 });
  const [autoDeleteOpen, setAutoDeleteOpen] = useState(false);
  const [exporting, setExporting] = useState(false);
  const kind = scope === 'all' ? null : scope;
  const hiddenName = LIST_HIDDEN_OF[scope];
  const all = kind === null;
  const state = useReportState();
  const markRead = useMarkRead();

  const query: ReportListQuery = useMemo(
    () => ({
      ...paging,
      reportType: kind ?? filters.reportType,
      status: filters.status,
      keyword: filters.keyword.trim() || undefined,
      dateFrom: filters.dates?.[0].format(DATE_FORMAT),
      dateTo: filters.dates?.[1].format(DATE_FORMAT),
      unreadOnly: all && filters.unreadOnly ? true : undefined,
    }),
    [paging, filters, all, kind],
  );
  const list = useReportList(query);
  // Unread first within the page (the server orders newest first).
  const rows = useMemo(() => (all ? unreadFirst(list.data?.list ?? []) : (list.data?.list ?? [])), [all, list.data]);
  const unread = state.data?.unreadNum ?? 0;
  const filtered = JSON.stringify(filters) !== JSON.stringify(EMPTY_FILTERS);

  const exportList = async () => {
    setExporting(true);
    try {
      await reportsApi.exportList(query);
    } catch (error) {
      // An API error has already shown its message.
      if (!isApiError(error)) void message.error(t('errors.requestFailed'));
    } finally {
      setExporting(false);
    }
  };

  const change = (patch: Partial<Filters>) => {
    setFilters((previous) => ({ ...previous, ...patch }));
    setPaging((previous) => ({ ...previous, page: 1 }));
  };

  return (
    <div className="tl-rpage" data-testid={kind ? REQUEST_KINDS[kind].historyTestId : 'all-history'}>
      <div className="tl-rpage-head">
        <Typography.Title level={3} style={PAGE_TITLE_STYLE}>
          {kind ? t(`reports.kinds.${kind}.history`) : t('reports.history.allTitle')}
        </Typography.Title>
        <Space wrap>
          {all && (
            <Button
              disabled={unread === 0}
              loading={markRead.isPending}
              onClick={() =>
                markRead.mutate(undefined, {
                  onSuccess: () => void message.success(t('reports.history.markedAllRead')),
                })
              }
              data-testid="mark-all-read"
            >
              {t('reports.history.markAllRead')}
            </Button>
          )}
          <Button
            icon={<DownloadOutlined />}
            loading={exporting}
            disabled={!list.data?.total}
            onClick={() => void exportList()}
            data-testid="report-history-export"
          >
            {t('reports.history.export')}
          </Button>
          {user?.level === 1 && (
            <Button icon={<SettingOutlined />} onClick={() => setAutoDeleteOpen(true)} data-testid="auto-delete-open">
              {t('reports.history.autoDelete')}
            </Button>
          )}
          {kind && (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => navigate(requestPathOf(kind))}>
              {t('reports.history.newReport')}
            </Button>
          )}
        </Space>
      </div>
      <Card>
        <div className="tl-filters">
          {all && (
            <Segmented
              value={filters.unreadOnly ? 'unread' : 'all'}
              onChange={(value) => change({ unreadOnly: value === 'unread' })}
              options={[
                { value: 'all', label: t('reports.history.all') },
                { value: 'unread', label: t('reports.history.unreadCount', { count: unread }) },
              ]}
              data-testid="read-filter"
            />
          )}
          <Input.Search
            allowClear
            placeholder={t('reports.history.keyword')}
            onSearch={(value) => change({ keyword: value })}
            data-testid="history-keyword"
          />
          <DatePicker.RangePicker
            value={filters.dates}
            onChange={(dates) => change({ dates: dates?.[0] && dates[1] ? [dates[0], dates[1]] : null })}
            placeholder={[t('reports.history.dateRange'), t('reports.history.dateRange')]}
          />
          <Select
            allowClear
            placeholder={t('reports.history.allStatus')}
            style={{ width: 130 }}
            value={filters.status}
            onChange={(status) => change({ status })}
            options={Object.entries(REPORT_STATUS_LABELS).map(([value, label]) => ({ value, label }))}
          />
          <ListHideToggle hiddenName={hiddenName} label={t('reports.history.hideCompanies')} />
          {all && (
            <Select
              allowClear
              placeholder={t('reports.history.allTypes')}
              style={{ width: 200 }}
              value={filters.reportType}
              onChange={(reportType) => change({ reportType })}
              options={POOL_REPORT_TYPES.map((type) => ({
                value: type,
                label: reportKindByReportType(type)?.name ?? type,
              }))}
            />
          )}
        </div>
      </Card>
      <Card>
        <ReportTable
          rows={rows}
          loading={list.isPending || (list.isFetching && list.isPlaceholderData)}
          total={list.data?.total ?? 0}
          page={paging.page}
          size={paging.size}
          onPage={(page, size) => setPaging({ page, size })}
          showKind={all}
          emptyText={filtered ? t('reports.history.emptyFiltered') : t('reports.history.empty')}
          masked={user?.listHidden[hiddenName] === 1}
        />
      </Card>
      {user?.level === 1 && <AutoDeleteDialog open={autoDeleteOpen} onClose={() => setAutoDeleteOpen(false)} />}
    </div>
  );
}

/** /ticket/history: the invoice penetration reports. */
export function InvoiceHistoryPage() {
  return <HistoryPage scope="INVOICE" />;
}

/** /risk/history (RiskList): the business (tax) risk reports. */
export function TaxHistoryPage() {
  return <HistoryPage scope="TAX" />;
}

/** /comprehensive/history (ComprehensiveList): the comprehensive tax risk reports. */
export function ComprehensiveHistoryPage() {
  return <HistoryPage scope="COMPREHENSIVE" />;
}

/** /all-history 全部报告 (route allReport): every kind, unread first, with mark-all-read. */
export function AllHistoryPage() {
  return <HistoryPage scope="all" />;
}
