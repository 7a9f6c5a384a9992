import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { PendingItems } from '@taxlens/shared';
import { App, Button, Space, Table, Upload } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { t } from '../../../locales';
import { yuanText } from '../../billing/lib/money';
import { ConsolePageFrame } from '../components/ConsolePageFrame';
import { ReasonModal } from '../components/ReasonModal';
import { moneyApi } from '../money/api';

type Transfer = PendingItems['bankTransfers'][number];
type Invoice = PendingItems['invoices'][number];
const at = (iso: string) => dayjs(iso).format('YYYY-MM-DD HH:mm');

/** Finance's queue: bank transfers to confirm, purchase-invoice requests to issue (PDF) or reject. */
export function PendingPage() {
  const { message } = App.useApp();
  const client = useQueryClient();
  const query = useQuery({ queryKey: ['operator', 'pending'], queryFn: moneyApi.pending });
  const [confirming, setConfirming] = useState<Transfer | null>(null);
  const [rejecting, setRejecting] = useState<Invoice | null>(null);
  const refresh = () => client.invalidateQueries({ queryKey: ['operator'] });

  const issue = async (invoice: Invoice, file: File) => {
    try {
      await moneyApi.issueInvoice(invoice.id, file);
      message.success(t('operator.money.issued'));
      await refresh();
    } catch (error) {
      message.error((error as Error).message);
    }
  };

  return (
    <Space direction="vertical" size={16} className="op-stack">
      <ConsolePageFrame title={t('operator.money.transfers')}>
        <Table<Transfer>
          rowKey="orderId"
          size="middle"
          loading={query.isFetching}
          dataSource={query.data?.bankTransfers}
          pagination={false}
          scroll={{ x: 760 }}
          columns={[
            { title: t('operator.money.orderNo'), dataIndex: 'orderNo', width: 200 },
            { title: t('operator.customers.groupName'), dataIndex: 'groupName' },
            { title: t('operator.money.title'), dataIndex: 'title' },
            {
              title: t('operator.money.amount'),
              dataIndex: 'amountFen',
              width: 120,
              render: (fen: number) => yuanText(fen),
            },
            { title: t('operator.money.createdAt'), dataIndex: 'createTime', width: 140, render: at },
            {
              title: '',
              width: 110,
              render: (_, row) => (
                <Button type="primary" size="small" onClick={() => setConfirming(row)}>
                  {t('operator.money.confirm')}
                </Button>
              ),
            },
          ]}
        />
      </ConsolePageFrame>
      <ConsolePageFrame title={t('operator.money.invoices')}>
        <Table<Invoice>
          rowKey="id"
          size="middle"
          loading={query.isFetching}
          dataSource={query.data?.invoices}
          pagination={false}
          scroll={{ x: 820 }}
          columns={[
            { title: t('operator.customers.groupName'), dataIndex: 'groupName' },
            { title: t('operator.money.invoiceTitle'), dataIndex: 'title' },
            { title: t('operator.money.taxNo'), dataIndex: 'taxNo', width: 190 },
            { title: t('operator.money.kind'), dataIndex: 'kindLabel', width: 120 },
            {
              title: t('operator.money.amount'),
              dataIndex: 'amountFen',
              width: 110,
              render: (fen: number) => yuanText(fen),
            },
            { title: t('operator.money.createdAt'), dataIndex: 'createTime', width: 140, render: at },
            {
              title: '',
              width: 170,
              render: (_, row) => (
                <Space size={4}>
                  <Upload
                    accept="application/pdf,.pdf"
                    showUploadList={false}
                    beforeUpload={(file) => {
                      void issue(row, file);
                      return false;
                    }}
                  >
                    <Button size="small" type="primary">
                      {t('operator.money.issue')}
                    </Button>
                  </Upload>
                  <Button size="small" danger onClick={() => setRejecting(row)}>
                    {t('operator.money.reject')}
                  </Button>
                </Space>
              ),
            },
          ]}
        />
      </ConsolePageFrame>
      <ReasonModal
        open={confirming !== null}
        title={t('operator.money.confirmTitle', {
          orderNo: confirming?.orderNo ?? '',
          amount: yuanText(confirming?.amountFen ?? 0),
        })}
        fields={[
          {
            name: 'bankSerial',
            label: t('operator.money.bankSerial'),
            placeholder: t('operator.money.bankSerialHint'),
          },
        ]}
        onClose={() => setConfirming(null)}
        onSubmit={async (values) => {
          if (!confirming) return;
          await moneyApi.confirmTransfer({ orderId: confirming.orderId, bankSerial: values.bankSerial || undefined });
          message.success(t('operator.money.confirmed'));
          await refresh();
        }}
      />
      <ReasonModal
        open={rejecting !== null}
        title={t('operator.money.rejectTitle')}
        fields={[{ name: 'reason', label: t('operator.money.reason'), required: true }]}
        onClose={() => setRejecting(null)}
        onSubmit={async (values) => {
          if (!rejecting) return;
          await moneyApi.rejectInvoice({ invoiceId: rejecting.id, reason: values.reason ?? '' });
          message.success(t('operator.money.rejected'));
          await refresh();
        }}
      />
    </Space>
  );
}
