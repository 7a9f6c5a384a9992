import { DownOutlined } from '@ant-design/icons';
import { type ChildUser, formatDateTime, hasPermission, LEVEL_LABELS, type SessionUser } from '@taxlens/shared';
import { App, Badge, Button, Dropdown, Empty, Result, Space, Table, type TableColumnsType, Tag } from 'antd';
import { useState } from 'react';
import { useAppTokens } from '../../../app/useAppTokens';
import { PHONE_CARDS_CLASS, withCardLabels } from '../../../components/phone-cards';
import { t } from '../../../locales';
import { TransferModal } from '../../billing/components/TransferModal';
import { useWallet } from '../../billing/queries';
import { AssignManyModal } from '../../companies/components/AssignManyModal';
import type { ChildFilters, ChildListQuery, ChildStatus } from '../api';
import { exportChildren } from '../child-export';
import { useChildListQuery, useDeleteChildMutation, useTeamsQuery, useUpdateChildMutation } from '../queries';
import { useWalletSettingsQuery } from '../wallet-settings';
import { ChildFormModal, type ChildFormTarget } from './ChildFormModal';
import { ChildListToolbar } from './ChildListToolbar';
import { childWalletColumns } from './child-wallet-columns';
import { MonthlyLimitModal } from './MonthlyLimitModal';
import { PermissionDrawer } from './PermissionDrawer';
import { ResetChildPasswordModal } from './ResetChildPasswordModal';
import { WalletModeCard } from './WalletModeCard';

const PAGE_SIZES = [10, 20, 50];

function displayName(child: ChildUser): string {
  return child.nickName ?? child.phone;
}

/** 子账号: search, filters, pages, export, and the actions on each sub-account. */
export function ChildAccountsTab({ user }: { user: SessionUser }) {
  const { message, modal } = App.useApp();
  const tokens = useAppTokens();
  const isMain = user.level === 1;
  const [query, setQuery] = useState<ChildListQuery>({ page: 1, size: 10 });
  const [formTarget, setFormTarget] = useState<ChildFormTarget | null>(null);
  const [permissionsOf, setPermissionsOf] = useState<ChildUser | null>(null);
  const [passwordOf, setPasswordOf] = useState<ChildUser | null>(null);
  const [exporting, setExporting] = useState(false);
  const [transferTo, setTransferTo] = useState<ChildUser | null>(null);
  const [limitOf, setLimitOf] = useState<ChildUser | null>(null);
  const [assignTo, setAssignTo] = useState<ChildUser | null>(null);
  const mayAssign = hasPermission(user, 'firmManage');
  // 划拨 goes through the /my transfer right (fyzx + zhBalance), as on /my/number.
  const mayTransfer = hasPermission(user, ['fyzx', 'zhBalance']);
  const myWallet = useWallet(undefined, mayTransfer);
  const walletSettings = useWalletSettingsQuery();
  const shared = walletSettings.data?.walletMode === 'shared';
  const list = useChildListQuery(query);
  const teams = useTeamsQuery();
  const updateChild = useUpdateChildMutation();
  const deleteChild = useDeleteChildMutation();

  const filters: ChildFilters = {
    keyword: query.keyword,
    level: query.level,
    status: query.status,
    teamId: query.teamId,
  };
  const filtered = Object.values(filters).some((value) => value !== undefined);
  const setFilter = (next: Partial<ChildFilters>) => setQuery((current) => ({ ...current, ...next, page: 1 }));

  const confirmStatus = (child: ChildUser) => {
    const disabling = child.status === 'active';
    const status: ChildStatus = disabling ? 'disabled' : 'active';
    modal.confirm({
      title: disabling ? t('accounts.users.confirm.disableTitle') : t('accounts.users.confirm.enableTitle'),
      content: disabling ? t('accounts.users.confirm.disableContent', { name: displayName(child) }) : undefined,
      okText: t('common.confirm'),
      cancelText: t('common.cancel'),
      okButtonProps: { danger: disabling },
      // A refusal is shown by the HTTP client's toast; the dialog then closes.
      onOk: () =>
        updateChild
          .mutateAsync({ userId: child.userId, status })
          .then(() => message.success(disabling ? t('accounts.users.done.disabled') : t('accounts.users.done.enabled')))
          .catch(() => undefined),
    });
  };

  const confirmDelete = (child: ChildUser) => {
    modal.confirm({
      title: t('accounts.users.confirm.deleteTitle'),
      content: t('accounts.users.confirm.deleteContent', { name: displayName(child) }),
      okText: t('accounts.users.actions.delete'),
      cancelText: t('common.cancel'),
      okButtonProps: { danger: true },
      onOk: () =>
        deleteChild
          .mutateAsync(child.userId)
          .then(() => {
            message.success(t('accounts.users.done.deleted'));
            // The last row of a page went away: show the page before it.
            const rest = (list.data?.list.length ?? 1) - 1;
            if (rest === 0 && query.page > 1) setQuery((current) => ({ ...current, page: current.page - 1 }));
          })
          .catch(() => undefined),
    });
  };

  const runExport = async () => {
    setExporting(true);
    try {
      const count = await exportChildren(filters);
      if (count === 0) message.info(t('accounts.users.exportEmpty'));
      else message.success(t('accounts.users.exported', { count }));
    } catch {
      // The HTTP client has shown why.
    } finally {
      setExporting(false);
    }
  };

  const columns: TableColumnsType<ChildUser> = [
    {
      title: t('accounts.users.columns.name'),
      dataIndex: 'nickName',
      width: 120,
      ellipsis: true,
      render: (_value, child) => child.nickName ?? '-',
    },
    {
      title: t('accounts.users.columns.phone'),
      dataIndex: 'phone',
      width: 120,
    },
    {
      title: t('accounts.users.columns.level'),
      dataIndex: 'level',
      width: 76,
      render: (level: number) => (
        <Tag color={tokens.levelColors[level === 2 ? 2 : 3]}>{LEVEL_LABELS[level === 2 ? 2 : 3]}</Tag>
      ),
    },
    // Each person's wallet right after who they are: at 1440 px it shows without scrolling (issue 19).
    ...childWalletColumns(shared),
    {
      title: t('accounts.users.columns.status'),
      dataIndex: 'status',
      width: 86,
      render: (status: ChildStatus) => (
        <Badge
          status={status === 'active' ? 'success' : 'default'}
          text={status === 'active' ? t('accounts.users.status.active') : t('accounts.users.status.disabled')}
        />
      ),
    },
    {
      title: t('accounts.users.columns.teams'),
      dataIndex: 'teams',
      width: 140,
      render: (value: ChildUser['teams']) =>
        value.length > 0 ? value.map((team) => <Tag key={team.teamId}>{team.name}</Tag>) : '-',
    },
    {
      title: t('accounts.users.columns.createTime'),
      dataIndex: 'createTime',
      width: 170,
      render: (value: string) => formatDateTime(value),
    },
    {
      title: t('accounts.users.columns.actions'),
      key: 'actions',
      fixed: 'right',
      width: 210,
      render: (_value, child) => (
        <Space size={4} className="tl-row-actions">
          {mayTransfer && (user.level === 1 || child.level === 3) && (
            <Button
              type="link"
              size="small"
              onClick={() => setTransferTo(child)}
              data-testid={`child-transfer-${child.userId}`}
            >
              {t('staff.actions.transfer')}
            </Button>
          )}
          <Button type="link" size="small" onClick={() => setFormTarget({ kind: 'edit', userId: child.userId })}>
            {t('accounts.users.actions.edit')}
          </Button>
          <Button type="link" size="small" onClick={() => setPermissionsOf(child)}>
            {t('accounts.users.actions.permissions')}
          </Button>
          <Dropdown
            trigger={['click']}
            menu={{
              items: [
                {
                  key: 'status',
                  label:
                    child.status === 'active'
                      ? t('accounts.users.actions.disable')
                      : t('accounts.users.actions.enable'),
                },
                { key: 'password', label: t('accounts.users.actions.resetPassword') },
                ...(isMain && shared ? [{ key: 'limit', label: t('staff.actions.limit') }] : []),
                ...(mayAssign ? [{ key: 'assign', label: t('staff.assign.action') }] : []),
                { type: 'divider' },
                { key: 'delete', label: t('accounts.users.actions.delete'), danger: true },
              ],
              onClick: ({ key }) => {
                if (key === 'status') confirmStatus(child);
                else if (key === 'password') setPasswordOf(child);
                else if (key === 'limit') setLimitOf(child);
                else if (key === 'assign') setAssignTo(child);
                else if (key === 'delete') confirmDelete(child);
              },
            }}
          >
            <Button type="link" size="small" data-testid={`child-more-${child.userId}`}>
              {t('accounts.users.actions.more')} <DownOutlined />
            </Button>
          </Dropdown>
        </Space>
      ),
    },
  ];

  return (
    <div data-testid="children-tab">
      <WalletModeCard isMain={isMain} />
      <ChildListToolbar
        isMain={isMain}
        query={query}
        setFilter={setFilter}
        teams={teams.data}
        teamsLoading={teams.isPending}
        exporting={exporting}
        onRefresh={() => list.refetch()}
        onExport={runExport}
        onAdd={() => setFormTarget({ kind: 'add' })}
      />
      {list.isError && !list.data ? (
        <Result
          status="error"
          title={t('accounts.users.loadFailed')}
          extra={<Button onClick={() => list.refetch()}>{t('accounts.users.retry')}</Button>}
        />
      ) : (
        <Table<ChildUser>
          rowKey="userId"
          className={PHONE_CARDS_CLASS}
          columns={withCardLabels(columns)}
          dataSource={list.data?.list ?? []}
          loading={list.isFetching}
          // Constant, so the layout does not move when the wallet mode arrives; at 1440 px the columns up to
          // the wallet ones show without scrolling, 所属团队 and 创建时间 scroll beside the fixed 操作.
          scroll={{ x: 1000 }}
          locale={{
            emptyText: (
              <Empty
                image={Empty.PRESENTED_IMAGE_SIMPLE}
                description={filtered ? t('accounts.users.emptyFiltered') : t('accounts.users.empty')}
              />
            ),
          }}
          pagination={{
            current: query.page,
            pageSize: query.size,
            total: list.data?.total ?? 0,
            showSizeChanger: true,
            pageSizeOptions: PAGE_SIZES,
            showTotal: (total) => t('accounts.users.total', { total }),
            onChange: (page, size) =>
              setQuery((current) => ({ ...current, page: size === current.size ? page : 1, size })),
          }}
          data-testid="children-table"
        />
      )}
      {formTarget && (
        <ChildFormModal
          editor={user}
          target={formTarget}
          onClose={() => setFormTarget(null)}
          onDone={(added) => message.success(added ? t('accounts.users.done.added') : t('accounts.users.done.updated'))}
        />
      )}
      <PermissionDrawer editor={user} child={permissionsOf} onClose={() => setPermissionsOf(null)} />
      {passwordOf && <ResetChildPasswordModal child={passwordOf} onClose={() => setPasswordOf(null)} />}
      {limitOf && <MonthlyLimitModal child={limitOf} onClose={() => setLimitOf(null)} />}
      {assignTo && (
        <AssignManyModal
          target={{ kind: 'to-user', userId: assignTo.userId, name: displayName(assignTo) }}
          user={user}
          onClose={() => setAssignTo(null)}
        />
      )}
      {transferTo && (
        <TransferModal
          mode="give"
          open
          onClose={() => {
            setTransferTo(null);
            void list.refetch();
          }}
          user={user}
          myWallet={myWallet.data}
          initialUserId={transferTo.userId}
        />
      )}
    </div>
  );
}
