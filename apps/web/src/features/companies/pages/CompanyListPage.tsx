import { DownloadOutlined, PlusOutlined, SearchOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import type { Company, TaxpayerType } from '@taxlens/shared';
import { Alert, App, Button, Card, Empty, Input, Select, Typography } from 'antd';
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { PageFrame } from '../../../components/PageFrame';
import { isApiError } from '../../../lib/http';
import { t } from '../../../locales';
import { useSessionUser } from '../../auth/queries';
import { type CompanyFilters, companiesApi } from '../api';
import { filterByLabel, INDUSTRY_OPTIONS, REGION_OPTIONS, TAXPAYER_TYPE_OPTIONS } from '../catalogs';
import { AssignManyModal } from '../components/AssignManyModal';
import { AssignModal } from '../components/AssignModal';
import { CompanyFormModal } from '../components/CompanyFormModal';
import { CompanyTable } from '../components/CompanyTable';
import { DeleteCompanyModal } from '../components/DeleteCompanyModal';
import { firmPath } from '../firm-path';
import { canAssign, useAssigneeOptions } from '../hooks/useAssigneeOptions';
import { companyListOptions, useCompanyRealtime } from '../queries';
import '../companies.css';

const DEFAULT_SIZE = 20;

/** Filters and paging live in the address, so going back from a company returns to the same view. */
function useListQuery() {
  const [params, setParams] = useSearchParams();
  const number = (key: string) => {
    const value = Number(params.get(key));
    return Number.isInteger(value) && value > 0 ? value : undefined;
  };
  const filters: CompanyFilters = {
    keyword: params.get('keyword') ?? undefined,
    regionCode: params.get('regionCode') ?? undefined,
    industryCode: params.get('industryCode') ?? undefined,
    taxpayerType: (params.get('taxpayerType') as TaxpayerType | null) ?? undefined,
    assigneeId: number('assigneeId'),
  };
  const page = number('page') ?? 1;
  const size = number('size') ?? DEFAULT_SIZE;
  const update = (changes: Record<string, string | number | undefined>, resetPage = true) => {
    setParams(
      (previous) => {
        const next = new URLSearchParams(previous);
        for (const [key, value] of Object.entries(changes)) {
          if (value === undefined || value === '') next.delete(key);
          else next.set(key, String(value));
        }
        if (resetPage) next.delete('page');
        return next;
      },
      { replace: true },
    );
  };
  const filtered = Object.values(filters).some((value) => value !== undefined);
  return { filters, page, size, update, filtered, clear: () => setParams({}, { replace: true }) };
}

/** /company/list 企业列表: search, filters, export, bind, edit, assign and delete. */
export function CompanyListPage() {
  const user = useSessionUser();
  const navigate = useNavigate();
  const { message } = App.useApp();
  const { filters, page, size, update, filtered, clear } = useListQuery();
  const [keyword, setKeyword] = useState(filters.keyword ?? '');
  const [editing, setEditing] = useState<Company | null>(null);
  const [formOpen, setFormOpen] = useState(false);
  const [assigning, setAssigning] = useState<Company | null>(null);
  const [deleting, setDeleting] = useState<Company | null>(null);
  const [exporting, setExporting] = useState(false);
  const [selected, setSelected] = useState<number[]>([]);
  const [batchOpen, setBatchOpen] = useState(false);
  const assignees = useAssigneeOptions(user);
  useCompanyRealtime();

  const list = useQuery(companyListOptions({ ...filters, page, size }));
  if (!user) return null;
  const manage = canAssign(user);

  const exportList = async () => {
    setExporting(true);
    try {
      await companiesApi.exportList(filters);
    } catch (error) {
      if (!isApiError(error)) message.error(t('errors.requestFailed'));
    } finally {
      setExporting(false);
    }
  };

  const openForm = (company: Company | null) => {
    setEditing(company);
    setFormOpen(true);
  };

  const empty = filtered ? (
    <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('companies.list.emptyFiltered')} />
  ) : user.level === 3 ? (
    // Staff work on the companies assigned to them: nothing to bind, someone to ask (issue 19).
    <Empty description={t('staff.noAssigned')} data-testid="no-assigned-company" />
  ) : (
    <Empty
      description={
        <>
          <div>{t('companies.list.empty')}</div>
          <Typography.Text type="secondary">{t('companies.list.emptyHint')}</Typography.Text>
        </>
      }
    >
      <Button type="primary" icon={<PlusOutlined />} onClick={() => openForm(null)}>
        {t('companies.list.bind')}
      </Button>
    </Empty>
  );

  return (
    <PageFrame
      title={t('companies.routes.list')}
      subtitle={t('companies.list.subtitle')}
      testId="company-list-page"
      extra={
        <>
          {manage && selected.length > 0 && (
            <Button onClick={() => setBatchOpen(true)} data-testid="assign-selected">
              {t('staff.assign.batch')}（{selected.length}）
            </Button>
          )}
          <Button icon={<DownloadOutlined />} loading={exporting} onClick={exportList}>
            {t('companies.list.export')}
          </Button>
          <Button type="primary" icon={<PlusOutlined />} onClick={() => openForm(null)} data-testid="bind-company">
            {t('companies.list.bind')}
          </Button>
        </>
      }
    >
      <Card>
        <div className="tl-co-filters">
          <Input.Search
            className="tl-co-search"
            value={keyword}
            onChange={(event) => {
              setKeyword(event.target.value);
              if (event.target.value === '') update({ keyword: undefined });
            }}
            onSearch={(value) => update({ keyword: value.trim() || undefined })}
            placeholder={t('companies.list.searchPlaceholder')}
            prefix={<SearchOutlined />}
            allowClear
            enterButton
            data-testid="company-search"
          />
          <Select
            value={filters.regionCode}
            onChange={(value: string | undefined) => update({ regionCode: value })}
            options={REGION_OPTIONS}
            placeholder={t('companies.list.filterRegion')}
            showSearch={{ filterOption: filterByLabel }}
            allowClear
          />
          <Select
            value={filters.industryCode}
            onChange={(value: string | undefined) => update({ industryCode: value })}
            options={INDUSTRY_OPTIONS}
            placeholder={t('companies.list.filterIndustry')}
            showSearch={{ filterOption: filterByLabel }}
            allowClear
          />
          <Select
            value={filters.taxpayerType}
            onChange={(value: string | undefined) => update({ taxpayerType: value })}
            options={TAXPAYER_TYPE_OPTIONS}
            placeholder={t('companies.list.filterTaxpayerType')}
            allowClear
          />
          {manage && (
            <Select
              value={filters.assigneeId}
              onChange={(value: number | undefined) => update({ assigneeId: value })}
              options={assignees}
              placeholder={t('companies.list.filterAssignee')}
              showSearch={{ filterOption: filterByLabel }}
              allowClear
            />
          )}
          {filtered && (
            <Button
              type="link"
              onClick={() => {
                setKeyword('');
                clear();
              }}
            >
              {t('companies.list.reset')}
            </Button>
          )}
        </div>
      </Card>

      {list.isError && !list.data ? (
        <Alert
          type="error"
          showIcon
          title={t('companies.list.loadFailed')}
          description={isApiError(list.error) ? list.error.msg : undefined}
          action={<Button onClick={() => void list.refetch()}>{t('companies.list.retry')}</Button>}
        />
      ) : (
        <Card styles={{ body: { padding: 0 } }}>
          <CompanyTable
            rows={list.data?.list ?? []}
            loading={list.isFetching}
            total={list.data?.total ?? 0}
            page={page}
            size={size}
            canManage={manage}
            empty={list.isPending ? <span /> : empty}
            onPage={(nextPage, nextSize) => update({ page: nextPage, size: nextSize }, false)}
            onEdit={openForm}
            onAssign={setAssigning}
            onDelete={setDeleting}
            selected={selected}
            onSelect={manage ? setSelected : undefined}
          />
        </Card>
      )}

      <CompanyFormModal
        open={formOpen}
        company={editing}
        user={user}
        onClose={() => setFormOpen(false)}
        onSaved={(firmId) => {
          setFormOpen(false);
          // A new company has no data yet: its page opens on the import tab.
          if (!editing) navigate(firmPath(firmId, 'import'));
        }}
      />
      <AssignModal company={assigning} user={user} onClose={() => setAssigning(null)} />
      {batchOpen && (
        <AssignManyModal
          target={{ kind: 'firms', firmIds: selected }}
          user={user}
          onClose={() => {
            setBatchOpen(false);
            setSelected([]);
          }}
        />
      )}
      <DeleteCompanyModal company={deleting} onClose={() => setDeleting(null)} onDeleted={() => setDeleting(null)} />
    </PageFrame>
  );
}
