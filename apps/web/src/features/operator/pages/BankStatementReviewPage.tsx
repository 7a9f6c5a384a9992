import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { OperatorBankStatement } from '@taxlens/shared';
import { App, Button, Form, Input, Modal, Segmented, Space, Table, type TableColumnsType, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { downloadFile } from '../../../lib/download';
import { isApiError } from '../../../lib/http';
import { t } from '../../../locales';
import { usePagedQuery } from '../../billing/hooks/usePagedQuery';
import { operatorBillingApi } from '../billing-api';
import { ConsolePageFrame } from '../components/ConsolePageFrame';

type StateFilter = 'pending' | 'active' | 'rejected' | 'all';
const STATE_COLORS = { pending: 'processing', active: 'success', rejected: 'error' } as const;

/** 财务: every firm's bank-statement billing agreement, pending first; read the signed PDF, then approve or reject. */
export function BankStatementReviewPage() {
  const { message, modal } = App.useApp();
  const client = useQueryClient();
  const {
    query: params,
    filter,
    pagination,
  } = usePagedQuery<{ state: StateFilter; page: number; size: number }>({
    state: 'pending',
    page: 1,
    size: 20,
  });
  const [rejecting, setRejecting] = useState<OperatorBankStatement | null>(null);
  const [form] = Form.useForm<{ note: string }>();
  const query = useQuery({
    queryKey: ['operator', 'bankStatements', params],
    queryFn: () => {
      const { state, ...page } = params;
      return operatorBillingApi.bankStatements({ ...page, ...(state === 'all' ? {} : { state }) });
    },
  });
  const review = useMutation({
    mutationFn: operatorBillingApi.review,
    onSuccess: (_data, body) => {
      void message.success(t(body.approve ? 'billing.operatorReview.approved' : 'billing.operatorReview.rejected'));
      void client.invalidateQueries({ queryKey: ['operator', 'bankStatements'] });
    },
    onError: (error) => {
      if (isApiError(error)) void message.error(error.msg);
    },
  });

  const approve = (row: OperatorBankStatement) =>
    modal.confirm({
      title: `${t('billing.operatorReview.approve')}：${row.groupName}`,
      content: t('billing.operatorReview.approveConfirm'),
      onOk: () => review.mutateAsync({ id: row.id, approve: true }).catch(() => undefined),
    });

  const columns: TableColumnsType<OperatorBankStatement> = [
    { title: t('billing.operatorReview.group'), dataIndex: 'groupName', width: 180 },
    {
      title: t('billing.operatorReview.bank'),
      render: (_, row) => (
        <span>
          {row.bankName}
          <br />
          <Typography.Text type="secondary">{row.accountName}</Typography.Text>
        </span>
      ),
    },
    { title: t('billing.operatorReview.accountNo'), dataIndex: 'accountNo', width: 190 },
    { title: t('billing.operatorReview.valid'), width: 190, render: (_, row) => `${row.validFrom} ~ ${row.validTo}` },
    {
      title: t('billing.operatorReview.submitted'),
      width: 150,
      render: (_, row) => (
        <span>
          {row.createdBy}
          <br />
          <Typography.Text type="secondary">{dayjs(row.createTime).format('YYYY-MM-DD HH:mm')}</Typography.Text>
        </span>
      ),
    },
    {
      title: t('billing.operatorReview.state'),
      width: 150,
      render: (_, row) => (
        <span>
          <Tag color={STATE_COLORS[row.state]}>{row.stateLabel}</Tag>
          {row.reviewNote && <Typography.Text type="secondary">{row.reviewNote}</Typography.Text>}
        </span>
      ),
    },
    {
      title: t('billing.operatorReview.actions'),
      width: 200,
      render: (_, row) => (
        <Space size={4} wrap>
          <Button
            type="link"
            size="small"
            onClick={() => void downloadFile('/operator/bankStatement/download', { id: row.id }, row.fileName)}
          >
            {t('billing.operatorReview.download')}
          </Button>
          {row.state === 'pending' && (
            <>
              <Button type="link" size="small" onClick={() => approve(row)} data-testid={`approve-${row.id}`}>
                {t('billing.operatorReview.approve')}
              </Button>
              <Button type="link" size="small" danger onClick={() => setRejecting(row)}>
                {t('billing.operatorReview.reject')}
              </Button>
            </>
          )}
        </Space>
      ),
    },
  ];

  return (
    <ConsolePageFrame
      title={t('billing.operatorReview.title')}
      extra={
        <Segmented<StateFilter>
          value={params.state}
          onChange={(state) => filter({ state })}
          options={[
            { value: 'pending', label: t('billing.operatorReview.states.pending') },
            { value: 'active', label: t('billing.operatorReview.states.active') },
            { value: 'rejected', label: t('billing.operatorReview.states.rejected') },
            { value: 'all', label: t('billing.operatorReview.all') },
          ]}
        />
      }
    >
      <Table<OperatorBankStatement>
        rowKey="id"
        size="small"
        columns={columns}
        dataSource={query.data?.list}
        loading={query.isPending}
        scroll={{ x: 1100 }}
        pagination={pagination(query.data?.total)}
        data-testid="bank-statement-review"
      />
      <Modal
        open={rejecting !== null}
        title={rejecting ? `${t('billing.operatorReview.rejectTitle')}：${rejecting.groupName}` : ''}
        confirmLoading={review.isPending}
        onCancel={() => setRejecting(null)}
        onOk={() => form.submit()}
        destroyOnHidden
      >
        <Form<{ note: string }>
          form={form}
          layout="vertical"
          preserve={false}
          onFinish={({ note }) => {
            if (!rejecting) return;
            review.mutate({ id: rejecting.id, approve: false, note }, { onSuccess: () => setRejecting(null) });
          }}
        >
          <Form.Item
            name="note"
            label={t('billing.operatorReview.rejectReason')}
            rules={[{ required: true, whitespace: true, message: t('billing.operatorReview.rejectRequired') }]}
          >
            <Input.TextArea maxLength={200} showCount rows={3} />
          </Form.Item>
        </Form>
      </Modal>
    </ConsolePageFrame>
  );
}
