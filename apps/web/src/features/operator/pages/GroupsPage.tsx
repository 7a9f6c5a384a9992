import { useQuery } from '@tanstack/react-query';
import type { GroupSummary } from '@taxlens/shared';
import { Button, Input, Table } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { t } from '../../../locales';
import { usePagedQuery } from '../../billing/hooks/usePagedQuery';
import { yuanText } from '../../billing/lib/money';
import { ConsolePageFrame } from '../components/ConsolePageFrame';
import { customerKeys, customersApi } from '../customers/api';
import { GroupDetailDrawer } from '../customers/GroupDetailDrawer';

/** Customers' groups: search, then one group's detail in a drawer. */
export function GroupsPage() {
  const {
    query: params,
    filter,
    pagination,
  } = usePagedQuery<{ keyword?: string; page: number; size: number }>({
    page: 1,
    size: 20,
  });
  const [openId, setOpenId] = useState<number | null>(null);
  const query = useQuery({ queryKey: customerKeys.groups(params), queryFn: () => customersApi.groups(params) });

  return (
    <ConsolePageFrame title={t('operator.pages.groups')}>
      <Input.Search
        className="op-search"
        allowClear
        placeholder={t('operator.customers.groupSearch')}
        enterButton={t('operator.audit.search')}
        onSearch={(value) => filter({ keyword: value.trim() || undefined })}
      />
      <Table<GroupSummary>
        rowKey="groupId"
        loading={query.isFetching}
        dataSource={query.data?.list}
        scroll={{ x: 760 }}
        onRow={(row) => ({ onClick: () => setOpenId(row.groupId) })}
        rowClassName="op-clickable"
        pagination={pagination(query.data?.total)}
        columns={[
          { title: 'ID', dataIndex: 'groupId', width: 80 },
          { title: t('operator.customers.groupName'), dataIndex: 'name' },
          { title: t('operator.customers.creditCode'), dataIndex: 'creditCode', width: 190 },
          {
            title: t('operator.customers.contact'),
            width: 160,
            render: (_, row) => `${row.contactName ?? ''} ${row.contactPhone ?? ''}`,
          },
          { title: t('operator.customers.userCount'), dataIndex: 'userCount', width: 80 },
          {
            title: t('operator.customers.balance'),
            dataIndex: 'balanceFen',
            width: 120,
            render: (fen: number) => yuanText(fen),
          },
          {
            title: t('operator.customers.createdAt'),
            dataIndex: 'createdAt',
            width: 110,
            render: (at: string) => dayjs(at).format('YYYY-MM-DD'),
          },
          {
            title: '',
            width: 70,
            render: (_, row) => (
              <Button type="link" size="small" onClick={() => setOpenId(row.groupId)}>
                {t('operator.customers.open')}
              </Button>
            ),
          },
        ]}
      />
      <GroupDetailDrawer groupId={openId} onClose={() => setOpenId(null)} />
    </ConsolePageFrame>
  );
}
