import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type ChildUser, hasPermission, type Page } from '@taxlens/shared';
import { Button, Popconfirm, Select, Space, Table } from 'antd';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { PageFrame } from '../../../components/PageFrame';
import { downloadFile } from '../../../lib/download';
import { http } from '../../../lib/http';
import { t } from '../../../locales';
import { useSessionUser } from '../../auth/queries';
import { ProspectTable } from '../components/ProspectTable';
import { type LeadList, tokerApi } from '../toker-api';

const PAGE_SIZE = 20;

/** /my/card/list (tk): the saved lead lists; ?id= opens one with status, notes, assignment, export. */
export function LeadListsPage() {
  const [params, setParams] = useSearchParams();
  const listId = Number(params.get('id')) || null;
  return listId ? <ListDetail listId={listId} /> : <ListIndex onOpen={(id) => setParams({ id: String(id) })} />;
}

function ListIndex({ onOpen }: { onOpen: (id: number) => void }) {
  const queryClient = useQueryClient();
  const [page, setPage] = useState(1);
  const lists = useQuery({
    queryKey: ['toker', 'lists', page],
    queryFn: ({ signal }) => tokerApi.lists({ page, size: PAGE_SIZE }, signal),
  });
  const remove = useMutation({
    mutationFn: (id: number) => tokerApi.removeList(id),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['toker', 'lists'] }),
  });
  return (
    <PageFrame title={t('toker.routes.cardList')} subtitle={t('toker.lists.intro')} testId="lead-lists">
      <Table<LeadList>
        rowKey="id"
        dataSource={lists.data?.list ?? []}
        loading={lists.isLoading}
        scroll={{ x: 760 }}
        locale={{ emptyText: t('toker.lists.empty') }}
        pagination={{ current: page, pageSize: PAGE_SIZE, total: lists.data?.total ?? 0, onChange: setPage }}
        columns={[
          {
            title: t('toker.lists.name'),
            dataIndex: 'name',
            fixed: 'left',
            width: 180,
            render: (name: string, row) => (
              <Button type="link" style={{ padding: 0 }} onClick={() => onOpen(row.id)}>
                {name}
              </Button>
            ),
          },
          { title: t('toker.lists.prospects'), dataIndex: 'prospects', width: 90 },
          { title: t('toker.lists.contacted'), dataIndex: 'contacted', width: 90 },
          { title: t('toker.lists.createdBy'), dataIndex: 'createdBy', width: 110 },
          {
            title: t('toker.lists.createdAt'),
            dataIndex: 'createdAt',
            width: 170,
            render: (value: string) => new Date(value).toLocaleString('zh-CN', { hour12: false }),
          },
          {
            title: '',
            key: 'actions',
            width: 220,
            render: (_, row) => (
              <Space size={4} wrap>
                <Button type="link" size="small" onClick={() => onOpen(row.id)}>
                  {t('toker.lists.open')}
                </Button>
                <Button
                  type="link"
                  size="small"
                  onClick={() =>
                    downloadFile('/TokerUserInfo/exportList', { listId: row.id }, `拓客名单-${row.name}.xlsx`)
                  }
                >
                  {t('toker.lists.export')}
                </Button>
                <Popconfirm title={t('toker.lists.confirmDelete')} onConfirm={() => remove.mutate(row.id)}>
                  <Button type="link" size="small" danger>
                    {t('toker.lists.delete')}
                  </Button>
                </Popconfirm>
              </Space>
            ),
          },
        ]}
      />
    </PageFrame>
  );
}

function ListDetail({ listId }: { listId: number }) {
  const queryClient = useQueryClient();
  const user = useSessionUser();
  const [page, setPage] = useState(1);
  const [picked, setPicked] = useState<number[]>([]);
  // Assigning is for the main account and supervisors (the server's rule too).
  const canAssign = user !== undefined && (user.level === 1 || user.level === 2) && hasPermission(user, 'tk');
  const detail = useQuery({
    queryKey: ['toker', 'list', listId, page],
    queryFn: ({ signal }) => tokerApi.listDetail({ listId, page, size: PAGE_SIZE }, signal),
  });
  const members = useQuery({
    queryKey: ['toker', 'members'],
    queryFn: ({ signal }) => http.get<Page<ChildUser>>('/userInfo/findSubordinateUser', { signal }),
    enabled: canAssign,
  });
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['toker'] });
  const assign = useMutation({
    mutationFn: (assigneeId: number | null) => tokerApi.assign(picked, assigneeId),
    onSuccess: async () => {
      setPicked([]);
      await refresh();
    },
  });
  const listName = detail.data?.list[0]?.listName ?? '';
  const assignees = [
    ...(user ? [{ value: user.userId, label: `${user.phone}（${user.levelString}）` }] : []),
    ...(members.data?.list ?? [])
      .filter((member) => member.status === 'active' && member.userId !== user?.userId)
      .map((member) => ({ value: member.userId, label: `${member.nickName ?? member.phone}（${member.levelName}）` })),
  ];
  return (
    <PageFrame
      title={listName || t('toker.routes.cardList')}
      back={{ to: '/my/card/list', label: t('toker.lists.back') }}
      testId="lead-list-detail"
      extra={
        <Space wrap>
          {canAssign && (
            <Select<number | 'none'>
              placeholder={t('toker.lists.assign', { count: picked.length })}
              disabled={picked.length === 0}
              style={{ width: 220 }}
              value={null as unknown as number}
              loading={assign.isPending}
              onChange={(value) => assign.mutate(value === 'none' ? null : value)}
              options={[...assignees, { value: 'none' as const, label: t('toker.lists.unassign') }]}
              data-testid="toker-assign"
            />
          )}
          <Button onClick={() => downloadFile('/TokerUserInfo/exportList', { listId }, `拓客名单-${listName}.xlsx`)}>
            {t('toker.lists.export')}
          </Button>
        </Space>
      }
    >
      <ProspectTable
        rows={detail.data?.list ?? []}
        total={detail.data?.total ?? 0}
        page={page}
        pageSize={PAGE_SIZE}
        loading={detail.isLoading}
        onPage={setPage}
        onChanged={refresh}
        rowSelection={
          canAssign ? { selectedRowKeys: picked, onChange: (keys) => setPicked(keys as number[]) } : undefined
        }
        testId="lead-list-prospects"
      />
    </PageFrame>
  );
}
