import { useQuery } from '@tanstack/react-query';
import type { CustomerUser } from '@taxlens/shared';
import { Button, Input, Table } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { t } from '../../../locales';
import { usePagedQuery } from '../../billing/hooks/usePagedQuery';
import { ConsolePageFrame } from '../components/ConsolePageFrame';
import { accountBalanceColumn, accountStatusColumn } from '../customers/account-columns';
import { customerKeys, customersApi } from '../customers/api';
import { GroupDetailDrawer } from '../customers/GroupDetailDrawer';
import { UserActions } from '../customers/UserActions';
import { operatorCan } from '../operator-session';

/** Customers' accounts across groups: search by phone or name; disable, sign out, reset password. */
export function UsersPage() {
  const {
    query: params,
    filter,
    pagination,
  } = usePagedQuery<{ keyword?: string; page: number; size: number }>({
    page: 1,
    size: 20,
  });
  const [groupId, setGroupId] = useState<number | null>(null);
  const query = useQuery({ queryKey: customerKeys.users(params), queryFn: () => customersApi.users(params) });

  return (
    <ConsolePageFrame title={t('operator.pages.users')}>
      <Input.Search
        className="op-search"
        allowClear
        placeholder={t('operator.customers.userSearch')}
        enterButton={t('operator.audit.search')}
        onSearch={(value) => filter({ keyword: value.trim() || undefined })}
      />
      <Table<CustomerUser>
        rowKey="userId"
        loading={query.isFetching}
        dataSource={query.data?.list}
        scroll={{ x: 900 }}
        pagination={pagination(query.data?.total)}
        columns={[
          { title: t('operator.customers.name'), dataIndex: 'name', width: 110 },
          { title: t('operator.customers.phone'), dataIndex: 'phone', width: 120 },
          {
            title: t('operator.customers.groupName'),
            render: (_, row) =>
              row.groupId ? (
                <Button type="link" size="small" onClick={() => setGroupId(row.groupId)}>
                  {row.groupName}
                </Button>
              ) : (
                '—'
              ),
          },
          accountStatusColumn(),
          accountBalanceColumn(),
          {
            title: t('operator.customers.lastSeen'),
            dataIndex: 'lastSeenAt',
            width: 140,
            render: (at: string | null) => (at ? dayjs(at).format('YYYY-MM-DD HH:mm') : '—'),
          },
          ...(operatorCan(['support', 'ops'])
            ? [{ title: '', width: 230, render: (_: unknown, user: CustomerUser) => <UserActions user={user} /> }]
            : []),
        ]}
      />
      <GroupDetailDrawer groupId={groupId} onClose={() => setGroupId(null)} />
    </ConsolePageFrame>
  );
}
