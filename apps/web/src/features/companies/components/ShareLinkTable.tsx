import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { formatDateTime, type ShareLink } from '@taxlens/shared';
import { App, Button, Empty, Modal, Space, Table, type TableProps, Typography } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { t } from '../../../locales';
import { shareApi } from '../api';
import { firmPath } from '../firm-path';
import { shareKeys, shareListOptions } from '../queries';
import { copyText, ShareLinkDetails } from './ShareLinkDetails';
import { ShareStateTags } from './ShareStateTags';

interface ShareLinkTableProps {
  /** Only the links of one company (the company page). */
  firmId?: number;
  compact?: boolean;
}

/** The links made so far, with their live state (SHARE_LINK events refetch the list). */
export function ShareLinkTable({ firmId, compact = false }: ShareLinkTableProps) {
  const [page, setPage] = useState(1);
  const [size, setSize] = useState(compact ? 5 : 10);
  const [shown, setShown] = useState<ShareLink | null>(null);
  const { modal, message } = App.useApp();
  const queryClient = useQueryClient();
  const links = useQuery(shareListOptions({ page, size, firmId }));

  const revoke = useMutation({
    mutationFn: (shareId: number) => shareApi.revoke(shareId),
    onSuccess: async () => {
      message.success(t('companies.share.revoked'));
      await queryClient.invalidateQueries({ queryKey: shareKeys.lists() });
    },
  });

  const confirmRevoke = (link: ShareLink) =>
    modal.confirm({
      title: t('companies.share.revokeTitle'),
      content: t('companies.share.revokeContent'),
      okText: t('companies.share.revoke'),
      okButtonProps: { danger: true },
      onOk: () => revoke.mutateAsync(link.shareId),
    });

  const copy = async (link: ShareLink) => {
    if (await copyText(link.url)) message.success(t('companies.share.copied'));
    else message.error(t('companies.share.copyFailed'));
  };

  const usable = (link: ShareLink) => !link.revoked && !link.expired;
  const columns: TableProps<ShareLink>['columns'] = [
    ...(firmId
      ? []
      : [
          {
            title: t('companies.share.listCompany'),
            key: 'company',
            render: (_value: unknown, link: ShareLink) =>
              link.firmId && link.taxpayerName ? (
                <Link to={firmPath(link.firmId)}>{link.taxpayerName}</Link>
              ) : (
                <Typography.Text type="secondary">{t('companies.share.listCompanyPending')}</Typography.Text>
              ),
          },
        ]),
    {
      title: t('companies.share.listState'),
      key: 'state',
      width: 170,
      render: (_value, link) => <ShareStateTags link={link} />,
    },
    { title: t('companies.share.listUploads'), dataIndex: 'uploads', width: 90 },
    ...(compact
      ? []
      : [
          {
            title: t('companies.share.listNote'),
            dataIndex: 'note',
            ellipsis: true,
            render: (value: string | null) => value ?? '-',
          },
          {
            title: t('companies.share.listCreateTime'),
            dataIndex: 'createTime',
            width: 170,
            render: (value: string) => formatDateTime(value),
          },
        ]),
    {
      title: t('companies.share.listExpireTime'),
      dataIndex: 'expireTime',
      width: 170,
      render: (value: string) => formatDateTime(value),
    },
    {
      title: t('companies.share.listActions'),
      key: 'actions',
      fixed: 'right',
      width: 190,
      render: (_value, link) => (
        <Space size={4}>
          <Button type="link" size="small" onClick={() => setShown(link)}>
            {t('companies.share.show')}
          </Button>
          {usable(link) && (
            <>
              <Button type="link" size="small" onClick={() => void copy(link)}>
                {t('companies.share.copy')}
              </Button>
              <Button type="link" size="small" danger onClick={() => confirmRevoke(link)}>
                {t('companies.share.revoke')}
              </Button>
            </>
          )}
        </Space>
      ),
    },
  ];

  return (
    <>
      <Table<ShareLink>
        rowKey="shareId"
        columns={columns}
        dataSource={links.data?.list ?? []}
        loading={links.isPending}
        size={compact ? 'small' : 'middle'}
        scroll={{ x: compact ? 640 : 1000 }}
        data-testid="share-link-table"
        locale={{
          emptyText: (
            <Empty
              image={Empty.PRESENTED_IMAGE_SIMPLE}
              description={t(firmId ? 'companies.share.firmLinksEmpty' : 'companies.share.listEmpty')}
            />
          ),
        }}
        pagination={{
          current: page,
          pageSize: size,
          total: links.data?.total ?? 0,
          hideOnSinglePage: true,
          onChange: (nextPage, nextSize) => {
            setPage(nextPage);
            setSize(nextSize);
          },
        }}
      />
      <Modal
        open={shown !== null}
        title={t('companies.share.resultTitle')}
        footer={null}
        width={720}
        onCancel={() => setShown(null)}
        destroyOnHidden
      >
        {shown && <ShareLinkDetails link={links.data?.list.find((item) => item.shareId === shown.shareId) ?? shown} />}
      </Modal>
    </>
  );
}
