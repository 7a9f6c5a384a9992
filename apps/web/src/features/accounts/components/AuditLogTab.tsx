import { formatDateTime } from '@taxlens/shared';
import { Button, Empty, Result, Table, type TableColumnsType, Tag } from 'antd';
import { useMemo, useState } from 'react';
import { t } from '../../../locales';
import type { AuditEntry } from '../api';
import { describeAuditDetail } from '../audit-detail';
import { useAuditQuery, useTeamsQuery } from '../queries';

/** 操作记录 (main account): who changed which account, team, permission or subject, and how. */
export function AuditLogTab() {
  const [page, setPage] = useState({ page: 1, size: 20 });
  const audit = useAuditQuery(page.page, page.size);
  const teams = useTeamsQuery();
  const teamNames = useMemo(
    () => new Map((teams.data ?? []).map((team) => [team.teamId, team.name] as const)),
    [teams.data],
  );

  const columns: TableColumnsType<AuditEntry> = [
    {
      title: t('accounts.audit.columns.time'),
      dataIndex: 'createTime',
      width: 180,
      render: (value: string) => formatDateTime(value),
    },
    { title: t('accounts.audit.columns.actor'), dataIndex: 'actor', width: 180 },
    {
      title: t('accounts.audit.columns.action'),
      dataIndex: 'actionLabel',
      width: 140,
      render: (label: string) => <Tag color="blue">{label}</Tag>,
    },
    {
      title: t('accounts.audit.columns.target'),
      dataIndex: 'target',
      width: 180,
      render: (value: string | null) => value ?? '-',
    },
    {
      title: t('accounts.audit.columns.detail'),
      dataIndex: 'detail',
      render: (detail: AuditEntry['detail']) => {
        const lines = describeAuditDetail(detail, teamNames);
        return lines.length === 0 ? (
          '-'
        ) : (
          <div className="tl-audit-detail">
            {lines.map((line) => (
              <div key={line}>{line}</div>
            ))}
          </div>
        );
      },
    },
  ];

  if (audit.isError && !audit.data) {
    return (
      <Result
        status="error"
        title={t('accounts.audit.loadFailed')}
        extra={<Button onClick={() => audit.refetch()}>{t('accounts.users.retry')}</Button>}
      />
    );
  }
  return (
    <Table<AuditEntry>
      rowKey="id"
      columns={columns}
      dataSource={audit.data?.list ?? []}
      loading={audit.isFetching}
      scroll={{ x: 900 }}
      locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('accounts.audit.empty')} /> }}
      pagination={{
        current: page.page,
        pageSize: page.size,
        total: audit.data?.total ?? 0,
        showSizeChanger: true,
        showTotal: (total) => t('accounts.users.total', { total }),
        onChange: (next, size) => setPage((current) => ({ page: size === current.size ? next : 1, size })),
      }}
      data-testid="audit-table"
    />
  );
}
