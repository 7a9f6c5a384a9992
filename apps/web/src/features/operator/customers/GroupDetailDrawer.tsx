import { useQuery } from '@tanstack/react-query';
import type { CustomerUser } from '@taxlens/shared';
import { Descriptions, Drawer, Grid, Table, Tabs } from 'antd';
import dayjs from 'dayjs';
import { t } from '../../../locales';
import { assetAmount, signedAmount } from '../../billing/lib/amounts';
import { yuanText } from '../../billing/lib/money';
import { operatorCan } from '../operator-session';
import { accountBalanceColumn, accountStatusColumn } from './account-columns';
import { customerKeys, customersApi } from './api';
import { GroupFlagsForm } from './GroupFlagsForm';
import { GroupPrices } from './GroupPrices';
import { UserActions } from './UserActions';
import { WalletAdjustForm } from './WalletAdjustForm';

const LEVELS: Record<number, string> = { 1: '主账号', 2: '主管', 3: '员工' };

/** One group: members and their accounts, rights and flags, prices, wallet adjustment, recent ledger. */
export function GroupDetailDrawer({ groupId, onClose }: { groupId: number | null; onClose: () => void }) {
  const screens = Grid.useBreakpoint();
  const query = useQuery({
    queryKey: customerKeys.group(groupId ?? 0),
    queryFn: () => customersApi.group(groupId ?? 0),
    enabled: groupId !== null,
  });
  const group = query.data;
  return (
    <Drawer
      open={groupId !== null}
      onClose={onClose}
      width={screens.md ? 880 : '100%'}
      title={group?.name ?? ''}
      loading={query.isLoading}
      destroyOnHidden
    >
      {group && (
        <>
          <Descriptions size="small" column={{ xs: 1, md: 3 }}>
            <Descriptions.Item label={t('operator.customers.creditCode')}>{group.creditCode ?? '—'}</Descriptions.Item>
            <Descriptions.Item label={t('operator.customers.contact')}>
              {group.contactName ?? '—'} {group.contactPhone ?? ''}
            </Descriptions.Item>
            <Descriptions.Item label={t('operator.customers.balance')}>{yuanText(group.balanceFen)}</Descriptions.Item>
          </Descriptions>
          <Tabs
            items={[
              {
                key: 'users',
                label: t('operator.customers.members'),
                children: (
                  <Table<CustomerUser>
                    rowKey="userId"
                    size="small"
                    pagination={false}
                    dataSource={group.users}
                    scroll={{ x: 720 }}
                    columns={[
                      { title: t('operator.customers.name'), dataIndex: 'name' },
                      { title: t('operator.customers.phone'), dataIndex: 'phone', width: 120 },
                      {
                        title: t('operator.customers.level'),
                        dataIndex: 'level',
                        width: 70,
                        render: (level: number) => LEVELS[level],
                      },
                      accountStatusColumn(),
                      accountBalanceColumn(),
                      { title: t('operator.customers.sessions'), dataIndex: 'activeSessions', width: 70 },
                      ...(operatorCan(['support', 'ops'])
                        ? [
                            {
                              title: '',
                              width: 230,
                              render: (_: unknown, user: CustomerUser) => <UserActions user={user} />,
                            },
                          ]
                        : []),
                    ]}
                  />
                ),
              },
              // Tabs that change something show only to the roles their API serves.
              ...(operatorCan(['ops'])
                ? [
                    { key: 'flags', label: t('operator.customers.flags'), children: <GroupFlagsForm group={group} /> },
                    { key: 'prices', label: t('operator.customers.prices'), children: <GroupPrices group={group} /> },
                  ]
                : []),
              ...(operatorCan(['finance'])
                ? [
                    {
                      key: 'wallet',
                      label: t('operator.customers.wallet'),
                      children: <WalletAdjustForm group={group} />,
                    },
                  ]
                : []),
              {
                key: 'ledger',
                label: t('operator.customers.ledger'),
                children: (
                  <Table
                    rowKey="id"
                    size="small"
                    dataSource={group.ledger}
                    pagination={{ pageSize: 10 }}
                    scroll={{ x: 640 }}
                    columns={[
                      {
                        title: t('operator.audit.at'),
                        dataIndex: 'at',
                        render: (at: string) => dayjs(at).format('YYYY-MM-DD HH:mm'),
                      },
                      { title: t('operator.customers.phone'), dataIndex: 'userPhone' },
                      { title: t('operator.customers.change'), render: (_, row) => signedAmount(row.asset, row.delta) },
                      { title: t('operator.customers.after'), render: (_, row) => assetAmount(row.asset, row.after) },
                      { title: t('operator.wallet.reason'), render: (_, row) => row.note ?? row.reason },
                    ]}
                  />
                ),
              },
            ]}
          />
        </>
      )}
    </Drawer>
  );
}
