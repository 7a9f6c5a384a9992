import { levelLabel, maskPhone, type Team } from '@taxlens/shared';
import { App, Button, Empty, Modal, Popconfirm, Result, Skeleton, Tag, Typography } from 'antd';
import type { ReactNode } from 'react';
import { t } from '../../../locales';
import { useRemoveTeamMemberMutation, useTeamMembersQuery } from '../queries';

/** 移出成员: the team's members (findRemoveUser), each with a confirmed 移出. */
export function TeamMembersModal({ team, onClose }: { team: Team; onClose: () => void }) {
  const members = useTeamMembersQuery(team.teamId);
  const remove = useRemoveTeamMemberMutation();
  const { message } = App.useApp();

  let body: ReactNode;
  if (members.isPending) body = <Skeleton active />;
  else if (members.isError)
    body = (
      <Result
        status="error"
        title={t('accounts.teams.loadFailed')}
        extra={<Button onClick={() => members.refetch()}>{t('accounts.users.retry')}</Button>}
      />
    );
  else if (members.data.length === 0)
    body = <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('accounts.teams.noMembers')} />;
  else
    body = (
      <ul className="tl-member-list" data-testid="team-member-list">
        {members.data.map((member) => {
          const name = member.nickName ?? member.phone;
          return (
            <li key={member.userId} className="tl-member-row">
              <div className="tl-member-main">
                <Typography.Text strong>{name}</Typography.Text>
                <Typography.Text type="secondary">{maskPhone(member.phone)}</Typography.Text>
              </div>
              <Tag>{levelLabel(member.level)}</Tag>
              <Popconfirm
                title={t('accounts.teams.removeConfirm', { name })}
                okText={t('common.confirm')}
                cancelText={t('common.cancel')}
                okButtonProps={{ danger: true }}
                onConfirm={() =>
                  remove
                    .mutateAsync({ teamId: team.teamId, userId: member.userId })
                    .then(() => message.success(t('accounts.teams.removed')))
                    .catch(() => undefined)
                }
              >
                <Button type="link" danger size="small">
                  {t('accounts.teams.remove')}
                </Button>
              </Popconfirm>
            </li>
          );
        })}
      </ul>
    );

  return (
    <Modal open title={t('accounts.teams.membersTitle', { name: team.name })} onCancel={onClose} footer={null}>
      {body}
    </Modal>
  );
}
