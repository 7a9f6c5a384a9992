import { CopyOutlined, LinkOutlined } from '@ant-design/icons';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { formatDateTime, type PartnerInvite, type PartnerSignup, REPORT_KINDS } from '@taxlens/shared';
import { Alert, App, Button, Input, Popconfirm, Space, Table, type TableColumnsType, Tag, Typography } from 'antd';
import { useState } from 'react';
import { t } from '../../../locales';
import { partnersApi } from '../api';

const KEY = ['accounts', 'partners'] as const;

/**
 * 合作邀请 (main account): a link that brings another firm to the platform, the firms that signed up
 * through the group's links, and the reward the platform gives for each firm that binds its subject.
 */
export function PartnerInvitesTab() {
  const { message } = App.useApp();
  const client = useQueryClient();
  const [note, setNote] = useState('');
  const [latest, setLatest] = useState<PartnerInvite | null>(null);
  const [invitePage, setInvitePage] = useState(1);
  const [signupPage, setSignupPage] = useState(1);
  const invites = useQuery({
    queryKey: [...KEY, 'list', invitePage],
    queryFn: () => partnersApi.list(invitePage, 10),
    placeholderData: keepPreviousData,
  });
  const signups = useQuery({
    queryKey: [...KEY, 'signups', signupPage],
    queryFn: () => partnersApi.signups(signupPage, 10),
    placeholderData: keepPreviousData,
  });
  const reward = useQuery({ queryKey: [...KEY, 'reward'], queryFn: partnersApi.reward });
  const refresh = () => client.invalidateQueries({ queryKey: KEY });
  const create = useMutation({
    mutationFn: () => partnersApi.create(note.trim()),
    onSuccess: (invite) => {
      setLatest(invite);
      setNote('');
      void refresh();
    },
  });
  const revoke = useMutation({ mutationFn: partnersApi.revoke, onSuccess: () => refresh() });

  const copy = async (url: string) => {
    await navigator.clipboard?.writeText(url).catch(() => undefined);
    message.success(t('accounts.partners.copied'));
  };
  const rewardKind = REPORT_KINDS.find((kind) => kind.type === reward.data?.creditType);

  const inviteColumns: TableColumnsType<PartnerInvite> = [
    {
      title: t('accounts.partners.columns.time'),
      dataIndex: 'createTime',
      width: 170,
      render: (value: string) => formatDateTime(value),
    },
    { title: t('accounts.partners.columns.note'), dataIndex: 'note', render: (value: string) => value || '-' },
    { title: t('accounts.partners.columns.creator'), dataIndex: 'createdBy', width: 140 },
    { title: t('accounts.partners.columns.signups'), dataIndex: 'signups', width: 100, align: 'right' },
    {
      title: t('accounts.partners.columns.state'),
      dataIndex: 'revoked',
      width: 100,
      render: (revoked: boolean) =>
        revoked ? <Tag>{t('accounts.partners.revoked')}</Tag> : <Tag color="green">{t('accounts.partners.live')}</Tag>,
    },
    {
      title: t('accounts.partners.columns.actions'),
      width: 100,
      render: (_: unknown, row) =>
        row.revoked ? null : (
          <Popconfirm
            title={t('accounts.partners.revokeConfirm')}
            okText={t('common.confirm')}
            cancelText={t('common.cancel')}
            onConfirm={() => revoke.mutateAsync(row.id)}
          >
            <Button type="link" size="small" danger>
              {t('accounts.partners.revoke')}
            </Button>
          </Popconfirm>
        ),
    },
  ];
  const signupColumns: TableColumnsType<PartnerSignup> = [
    {
      title: t('accounts.partners.columns.signUpTime'),
      dataIndex: 'signUpTime',
      width: 170,
      render: (value: string) => formatDateTime(value),
    },
    { title: t('accounts.partners.columns.phone'), dataIndex: 'phone', width: 130 },
    {
      title: t('accounts.partners.columns.firm'),
      dataIndex: 'groupName',
      render: (value: string | null) =>
        value ?? <Typography.Text type="secondary">{t('accounts.partners.notBound')}</Typography.Text>,
    },
    { title: t('accounts.partners.columns.note'), dataIndex: 'inviteNote', render: (value: string) => value || '-' },
    {
      title: t('accounts.partners.columns.reward'),
      dataIndex: 'reward',
      width: 170,
      render: (value: string | null) => value ?? '-',
    },
  ];

  return (
    <div className="tl-partners" data-testid="partner-invites">
      <Alert
        type="info"
        showIcon
        title={
          reward.data && reward.data.count > 0 && rewardKind
            ? t('accounts.partners.rewardIntro', { name: rewardKind.name, count: reward.data.count })
            : t('accounts.partners.intro')
        }
      />
      <Space.Compact className="tl-partners-create">
        <Input
          value={note}
          maxLength={60}
          onChange={(event) => setNote(event.target.value)}
          placeholder={t('accounts.partners.notePlaceholder')}
        />
        <Button type="primary" icon={<LinkOutlined />} loading={create.isPending} onClick={() => create.mutate()}>
          {t('accounts.partners.create')}
        </Button>
      </Space.Compact>
      {latest?.url && (
        <Alert
          type="success"
          data-testid="partner-invite-url"
          title={t('accounts.partners.created')}
          description={<Typography.Text className="tl-partners-url">{latest.url}</Typography.Text>}
          action={
            <Button icon={<CopyOutlined />} onClick={() => copy(latest.url as string)}>
              {t('accounts.partners.copy')}
            </Button>
          }
        />
      )}
      <Typography.Title level={5}>{t('accounts.partners.linksTitle')}</Typography.Title>
      <Table<PartnerInvite>
        rowKey="id"
        size="middle"
        columns={inviteColumns}
        dataSource={invites.data?.list}
        loading={invites.isFetching}
        scroll={{ x: 760 }}
        pagination={{ current: invitePage, pageSize: 10, total: invites.data?.total, onChange: setInvitePage }}
      />
      <Typography.Title level={5}>{t('accounts.partners.signupsTitle')}</Typography.Title>
      <Table<PartnerSignup>
        rowKey="id"
        size="middle"
        columns={signupColumns}
        dataSource={signups.data?.list}
        loading={signups.isFetching}
        scroll={{ x: 760 }}
        pagination={{ current: signupPage, pageSize: 10, total: signups.data?.total, onChange: setSignupPage }}
      />
    </div>
  );
}
