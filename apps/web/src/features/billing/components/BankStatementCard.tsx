import { UploadOutlined } from '@ant-design/icons';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type BankStatementConfig, bankStatementSignSchema, formatDateTime, type Page } from '@taxlens/shared';
import {
  App,
  Button,
  Card,
  DatePicker,
  Form,
  Input,
  Modal,
  Popconfirm,
  Table,
  type TableColumnsType,
  Tag,
  Upload,
} from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { downloadFile } from '../../../lib/download';
import { http } from '../../../lib/http';
import { t } from '../../../locales';

const KEY = ['billing', 'bankStatement'] as const;
const STATE_COLORS = { pending: 'gold', active: 'green', rejected: 'red' } as const;

interface SignValues {
  bankName: string;
  accountName: string;
  accountNo: string;
  period: [Dayjs, Dayjs];
}

/**
 * 银行账单结算 (spec §7 IcbcAdsSignedConfig): the agreements under which the firm is billed through
 * its bank statement, each signed as a PDF, reviewed by the platform; sign, download, delete.
 */
export function BankStatementCard() {
  const { message } = App.useApp();
  const client = useQueryClient();
  const [page, setPage] = useState(1);
  const [signing, setSigning] = useState(false);
  const [file, setFile] = useState<File | null>(null);
  const [form] = Form.useForm<SignValues>();
  const list = useQuery({
    queryKey: [...KEY, page],
    queryFn: () => http.get<Page<BankStatementConfig>>('/IcbcAdsSignedConfig/list', { params: { page, size: 5 } }),
    placeholderData: keepPreviousData,
  });
  const refresh = () => client.invalidateQueries({ queryKey: KEY });
  const remove = useMutation({
    mutationFn: (id: number) => http.post<null>('/IcbcAdsSignedConfig/delete', [id]),
    onSuccess: refresh,
  });
  const sign = useMutation({
    mutationFn: async (values: SignValues) => {
      const body = new FormData();
      body.append('bankName', values.bankName);
      body.append('accountName', values.accountName);
      body.append('accountNo', values.accountNo);
      body.append('validFrom', values.period[0].format('YYYY-MM-DD'));
      body.append('validTo', values.period[1].format('YYYY-MM-DD'));
      if (file) body.append('file', file, file.name);
      return http.post<BankStatementConfig>('/IcbcAdsSignedConfig/sign', body);
    },
    onSuccess: () => {
      message.success(t('billing.bankStatement.submitted'));
      setSigning(false);
      setFile(null);
      form.resetFields();
      void refresh();
    },
  });

  const columns: TableColumnsType<BankStatementConfig> = [
    {
      title: t('billing.bankStatement.columns.account'),
      width: 240,
      render: (_, row) => `${row.accountName}（${row.accountNo}）`,
    },
    { title: t('billing.bankStatement.columns.bank'), dataIndex: 'bankName', width: 180 },
    {
      title: t('billing.bankStatement.columns.period'),
      width: 200,
      render: (_, row) => `${row.validFrom} 至 ${row.validTo}`,
    },
    {
      title: t('billing.bankStatement.columns.state'),
      width: 150,
      render: (_, row) => (
        <span>
          <Tag color={STATE_COLORS[row.state]}>{row.stateLabel}</Tag>
          {row.reviewNote}
        </span>
      ),
    },
    {
      title: t('billing.bankStatement.columns.time'),
      dataIndex: 'createTime',
      width: 170,
      render: (v: string) => formatDateTime(v),
    },
    {
      title: t('billing.bankStatement.columns.actions'),
      width: 140,
      render: (_, row) => (
        <>
          <Button
            type="link"
            size="small"
            onClick={() => downloadFile('/IcbcAdsSignedConfig/download', { id: row.id }, row.fileName)}
          >
            {t('billing.bankStatement.download')}
          </Button>
          <Popconfirm
            title={t('billing.bankStatement.deleteConfirm')}
            okText={t('common.confirm')}
            cancelText={t('common.cancel')}
            onConfirm={() => remove.mutateAsync(row.id)}
          >
            <Button type="link" size="small" danger>
              {t('billing.bankStatement.delete')}
            </Button>
          </Popconfirm>
        </>
      ),
    },
  ];

  const schemaRule = (field: 'bankName' | 'accountName' | 'accountNo') => ({
    validator: (_: unknown, value: string) => {
      const parsed = bankStatementSignSchema.shape[field].safeParse(value ?? '');
      return parsed.success ? Promise.resolve() : Promise.reject(new Error(parsed.error.issues[0]?.message));
    },
  });

  return (
    <Card
      title={t('billing.bankStatement.title')}
      className="tl-bill-card"
      data-testid="bank-statement-card"
      extra={
        <Button type="link" onClick={() => setSigning(true)}>
          {t('billing.bankStatement.sign')}
        </Button>
      }
    >
      <Table<BankStatementConfig>
        rowKey="id"
        size="small"
        columns={columns}
        dataSource={list.data?.list}
        loading={list.isFetching}
        scroll={{ x: 900 }}
        locale={{ emptyText: t('billing.bankStatement.empty') }}
        pagination={{ current: page, pageSize: 5, total: list.data?.total, onChange: setPage, hideOnSinglePage: true }}
      />
      <Modal
        open={signing}
        title={t('billing.bankStatement.sign')}
        onCancel={() => setSigning(false)}
        okText={t('billing.bankStatement.submit')}
        cancelText={t('common.cancel')}
        confirmLoading={sign.isPending}
        okButtonProps={{ disabled: !file }}
        // A field the form refuses shows its message under the field; the rejection is handled here.
        onOk={() =>
          form.validateFields().then(
            (values) => sign.mutate(values),
            () => undefined,
          )
        }
        destroyOnHidden
      >
        <Form form={form} layout="vertical" initialValues={{ bankName: '中国工商银行' }}>
          <Form.Item name="bankName" label={t('billing.bankStatement.columns.bank')} rules={[schemaRule('bankName')]}>
            <Input maxLength={40} />
          </Form.Item>
          <Form.Item
            name="accountName"
            label={t('billing.bankStatement.accountName')}
            rules={[schemaRule('accountName')]}
          >
            <Input maxLength={60} />
          </Form.Item>
          <Form.Item name="accountNo" label={t('billing.bankStatement.accountNo')} rules={[schemaRule('accountNo')]}>
            <Input maxLength={32} inputMode="numeric" />
          </Form.Item>
          <Form.Item
            name="period"
            label={t('billing.bankStatement.columns.period')}
            rules={[{ required: true, message: t('billing.bankStatement.periodRequired') }]}
          >
            <DatePicker.RangePicker style={{ width: '100%' }} />
          </Form.Item>
          <Form.Item label={t('billing.bankStatement.file')} required>
            <Upload
              accept="application/pdf,.pdf"
              maxCount={1}
              beforeUpload={(chosen) => {
                setFile(chosen);
                return false;
              }}
              onRemove={() => setFile(null)}
            >
              <Button icon={<UploadOutlined />}>{t('billing.bankStatement.choose')}</Button>
            </Upload>
          </Form.Item>
        </Form>
      </Modal>
    </Card>
  );
}
