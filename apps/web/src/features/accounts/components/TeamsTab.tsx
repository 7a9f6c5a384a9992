import { PlusOutlined } from '@ant-design/icons';
import { formatDateTime, levelLabel, type SessionUser, type Team } from '@taxlens/shared';
import { Alert, App, Button, Empty, Result, Space, Table, type TableColumnsType, Tag, Tooltip } from 'antd';
import { useState } from 'react';
import { useAppTokens } from '../../../app/useAppTokens';
import { t } from '../../../locales';
import { useDeleteTeamMutation, useTeamsQuery } from '../queries';
import { TeamFormModal } from './TeamFormModal';
import { TeamMembersModal } from './TeamMembersModal';

/** 团队: every team with its members; only the main account edits (supervisors see their own). */
export function TeamsTab({ user }: { user: SessionUser }) {
  const teams = useTeamsQuery();
  const remove = useDeleteTeamMutation();
  const { message, modal } = App.useApp();
  const tokens = useAppTokens();
  const canEdit = user.level === 1;
  const [editing, setEditing] = useState<Team | 'new' | null>(null);
  const [membersOf, setMembersOf] = useState<Team | null>(null);

  const confirmDelete = (team: Team) => {
    modal.confirm({
      title: t('accounts.teams.deleteTitle', { name: team.name }),
      content: t('accounts.teams.deleteContent'),
      okText: t('accounts.teams.delete'),
      cancelText: t('common.cancel'),
      okButtonProps: { danger: true },
      onOk: () =>
        remove
          .mutateAsync(team.teamId)
          .then(() => message.success(t('accounts.teams.deleted')))
          .catch(() => undefined),
    });
  };

  const columns: TableColumnsType<Team> = [
    { title: t('accounts.teams.columns.name'), dataIndex: 'name', width: 200 },
    {
      title: t('accounts.teams.columns.members'),
      dataIndex: 'members',
      render: (members: Team['members']) =>
        members.length === 0 ? (
          <span className="tl-muted">{t('accounts.teams.noMembers')}</span>
        ) : (
          <Space size={[4, 6]} wrap>
            {members.map((member) => (
              <Tooltip key={member.userId} title={levelLabel(member.level)}>
                <Tag color={tokens.levelColors[member.level === 2 ? 2 : 3]}>{member.nickName ?? member.phone}</Tag>
              </Tooltip>
            ))}
          </Space>
        ),
    },
    {
      title: t('accounts.teams.columns.createTime'),
      dataIndex: 'createTime',
      width: 180,
      render: (value: string) => formatDateTime(value),
    },
  ];
  if (canEdit) {
    columns.push({
      title: t('accounts.teams.columns.actions'),
      key: 'actions',
      width: 220,
      render: (_value, team) => (
        <Space size={4} className="tl-row-actions">
          <Button type="link" size="small" onClick={() => setEditing(team)}>
            {t('accounts.teams.edit')}
          </Button>
          <Button type="link" size="small" disabled={team.members.length === 0} onClick={() => setMembersOf(team)}>
            {t('accounts.teams.manageMembers')}
          </Button>
          <Button type="link" size="small" danger onClick={() => confirmDelete(team)}>
            {t('accounts.teams.delete')}
          </Button>
        </Space>
      ),
    });
  }

  return (
    <div data-testid="teams-tab">
      <div className="tl-toolbar">
        {canEdit ? (
          <span className="tl-muted">{t('accounts.teams.emptyHint')}</span>
        ) : (
          <Alert type="info" showIcon title={t('accounts.teams.readonlyHint')} />
        )}
        {canEdit && (
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')} data-testid="team-add">
            {t('accounts.teams.add')}
          </Button>
        )}
      </div>
      {teams.isError ? (
        <Result
          status="error"
          title={t('accounts.teams.loadFailed')}
          extra={<Button onClick={() => teams.refetch()}>{t('accounts.users.retry')}</Button>}
        />
      ) : (
        <Table<Team>
          rowKey="teamId"
          columns={columns}
          dataSource={teams.data ?? []}
          loading={teams.isFetching}
          pagination={false}
          locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('accounts.teams.empty')} /> }}
          data-testid="teams-table"
        />
      )}
      {editing && <TeamFormModal team={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />}
      {membersOf && <TeamMembersModal team={membersOf} onClose={() => setMembersOf(null)} />}
    </div>
  );
}
