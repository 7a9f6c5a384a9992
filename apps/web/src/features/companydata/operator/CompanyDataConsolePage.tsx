import { UploadOutlined } from '@ant-design/icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { formatFen } from '@taxlens/shared';
import { Alert, Button, DatePicker, Descriptions, Form, Input, Select, Space, Table, Tag, Upload } from 'antd';
import type { Dayjs } from 'dayjs';
import dayjs from 'dayjs';
import { useState } from 'react';
import { isApiError } from '../../../lib/http';
import { t } from '../../../locales';
import { uploadWithProgress } from '../../companies/transfer';
import { ConsolePageFrame } from '../../operator/components/ConsolePageFrame';
import { companyDataOperatorApi, type DatasetImportResult, type DatasetRowError, type DatasetVersion } from '../api';

interface ImportValues {
  listKey: string;
  source: string;
  asOf: Dayjs;
}

const STATUS_COLORS: Record<DatasetVersion['status'], string> = {
  active: 'green',
  superseded: 'default',
  rejected: 'red',
};

function RowErrors({ errors, total }: { errors: readonly DatasetRowError[]; total: number }) {
  return (
    <Table<DatasetRowError>
      size="small"
      rowKey={(row, index) => `${row.row ?? 'file'}-${row.column ?? ''}-${index}`}
      dataSource={[...errors]}
      pagination={false}
      scroll={{ x: 480, y: 240 }}
      title={() => t('companyData.operator.errorCount', { count: total })}
      columns={[
        { key: 'row', title: t('companyData.operator.row'), width: 80, render: (_, row) => row.row ?? '-' },
        { key: 'column', title: t('companyData.operator.column'), width: 160, render: (_, row) => row.column ?? '-' },
        { key: 'message', title: t('companyData.operator.message'), render: (_, row) => row.message },
      ]}
    />
  );
}

/** 企业数据 in the operator console: import a list's dataset file, its versions and row error reports, and the provider's cost. */
export function CompanyDataConsolePage() {
  const [form] = Form.useForm<ImportValues>();
  const queryClient = useQueryClient();
  const [file, setFile] = useState<File | null>(null);
  const [filter, setFilter] = useState<string | undefined>();
  const [page, setPage] = useState(1);
  const listKey = Form.useWatch('listKey', form);
  const lists = useQuery({
    queryKey: ['operator', 'cd', 'lists'],
    queryFn: ({ signal }) => companyDataOperatorApi.lists(signal),
  });
  const versions = useQuery({
    queryKey: ['operator', 'cd', 'datasets', filter, page],
    queryFn: ({ signal }) => companyDataOperatorApi.datasets(page, filter, signal),
  });
  const vendor = useQuery({
    queryKey: ['operator', 'cd', 'vendorCalls'],
    queryFn: ({ signal }) => companyDataOperatorApi.vendorCalls(30, signal),
  });
  const chosen = lists.data?.find((list) => list.key === listKey);
  const upload = useMutation({
    mutationFn: (values: ImportValues) =>
      uploadWithProgress<DatasetImportResult>({
        path: '/operator/companyData/import',
        fields: [
          ['listKey', values.listKey],
          ['source', values.source],
          ['asOf', values.asOf.format('YYYY-MM-DD')],
        ],
        file: file as File,
        silent: true,
      }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: ['operator', 'cd', 'datasets'] }),
  });
  const result = upload.data;

  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }} data-testid="company-data-console">
      <ConsolePageFrame title={t('companyData.operator.importTitle')}>
        <Form<ImportValues>
          form={form}
          layout="vertical"
          initialValues={{ asOf: dayjs() }}
          onFinish={(values) => file && upload.mutate(values)}
          style={{ maxWidth: 640 }}
        >
          <Form.Item
            name="listKey"
            label={t('companyData.operator.list')}
            rules={[{ required: true, message: '请选择数据清单' }]}
          >
            <Select
              showSearch
              optionFilterProp="label"
              data-testid="cd-list"
              options={(lists.data ?? []).map((list) => ({ value: list.key, label: list.label }))}
            />
          </Form.Item>
          {chosen && (
            <Alert
              type="info"
              style={{ marginBottom: 16 }}
              message={t('companyData.operator.columns')}
              description={chosen.columns
                .map((column) => `${column.header}${column.required ? '（必填）' : ''}`)
                .join('、')}
            />
          )}
          <Form.Item
            name="source"
            label={t('companyData.operator.source')}
            rules={[{ required: true, min: 2, message: '请填写数据来源' }]}
          >
            <Input placeholder={t('companyData.operator.sourcePlaceholder')} maxLength={100} />
          </Form.Item>
          <Form.Item
            name="asOf"
            label={t('companyData.operator.asOf')}
            rules={[{ required: true, message: '请填写数据日期' }]}
          >
            <DatePicker allowClear={false} />
          </Form.Item>
          <Form.Item label={t('companyData.operator.file')} required extra={t('companyData.operator.fileHint')}>
            <Upload
              accept=".csv,.txt,.xlsx"
              maxCount={1}
              beforeUpload={(chosenFile) => {
                setFile(chosenFile);
                return false;
              }}
              onRemove={() => setFile(null)}
            >
              <Button icon={<UploadOutlined />}>{t('companyData.operator.pick')}</Button>
            </Upload>
          </Form.Item>
          <Button type="primary" htmlType="submit" disabled={!file} loading={upload.isPending} data-testid="cd-import">
            {t('companyData.operator.import')}
          </Button>
        </Form>
        {upload.error && (
          <Alert
            style={{ marginTop: 16 }}
            type="error"
            showIcon
            message={isApiError(upload.error) ? upload.error.msg : String(upload.error)}
          />
        )}
        {result && (
          <div style={{ marginTop: 16 }} data-testid="cd-import-result">
            <Alert
              type={result.status === 'rejected' ? 'error' : 'success'}
              showIcon
              message={t(`companyData.operator.result.${result.status}`, {
                count: result.rowCount,
                errors: result.errorCount,
              })}
            />
            {result.status === 'rejected' && <RowErrors errors={result.errors} total={result.errorCount} />}
          </div>
        )}
      </ConsolePageFrame>

      <ConsolePageFrame
        title={t('companyData.operator.versions')}
        extra={
          <Select
            allowClear
            placeholder={t('companyData.operator.allLists')}
            style={{ width: 200 }}
            value={filter}
            onChange={(value) => {
              setFilter(value);
              setPage(1);
            }}
            options={(lists.data ?? []).map((list) => ({ value: list.key, label: list.label }))}
          />
        }
      >
        <Table<DatasetVersion>
          rowKey="id"
          size="small"
          loading={versions.isFetching && !versions.data}
          dataSource={versions.data?.list ?? []}
          scroll={{ x: 900 }}
          data-testid="cd-versions"
          pagination={{
            current: page,
            pageSize: 20,
            total: versions.data?.total ?? 0,
            onChange: setPage,
            showSizeChanger: false,
          }}
          expandable={{
            rowExpandable: (row) => (row.errorReport?.errorCount ?? 0) > 0,
            expandedRowRender: (row) => (
              <RowErrors errors={row.errorReport?.errors ?? []} total={row.errorReport?.errorCount ?? 0} />
            ),
          }}
          columns={[
            {
              key: 'list',
              title: t('companyData.operator.list'),
              render: (_, row) => `${row.label}${row.scope ? `（${row.scope}）` : ''}`,
            },
            {
              key: 'status',
              title: t('companyData.operator.status'),
              render: (_, row) => (
                <Tag color={STATUS_COLORS[row.status]}>{t(`companyData.operator.statuses.${row.status}`)}</Tag>
              ),
            },
            {
              key: 'file',
              title: t('companyData.operator.file'),
              render: (_, row) => `${row.fileName}${row.isDemo ? '（示例）' : ''}`,
            },
            {
              key: 'rows',
              title: t('companyData.operator.rows'),
              align: 'right',
              width: 90,
              render: (_, row) => row.rowCount,
            },
            { key: 'source', title: t('companyData.operator.source'), render: (_, row) => row.source },
            { key: 'asOf', title: t('companyData.operator.asOf'), render: (_, row) => row.asOf },
            {
              key: 'at',
              title: t('companyData.operator.importedAt'),
              render: (_, row) => dayjs(row.createdAt).format('YYYY-MM-DD HH:mm'),
            },
          ]}
        />
      </ConsolePageFrame>

      <ConsolePageFrame title={t('companyData.operator.vendorTitle')}>
        {vendor.data ? (
          <>
            <Descriptions size="small" column={{ xs: 1, md: 4 }} data-testid="cd-vendor">
              <Descriptions.Item label={t('companyData.operator.provider')}>
                {vendor.data.provider.label}
              </Descriptions.Item>
              <Descriptions.Item label={t('companyData.operator.calls')}>{vendor.data.totals.calls}</Descriptions.Item>
              <Descriptions.Item label={t('companyData.operator.cost')}>
                {formatFen(vendor.data.totals.costFen)}
              </Descriptions.Item>
              <Descriptions.Item label={t('companyData.operator.cache')}>
                {vendor.data.totals.cacheEntries}
              </Descriptions.Item>
            </Descriptions>
            {vendor.data.byEndpoint.length > 0 && (
              <Table
                size="small"
                rowKey="endpoint"
                pagination={false}
                scroll={{ x: 560 }}
                dataSource={vendor.data.byEndpoint}
                columns={[
                  { key: 'endpoint', title: t('companyData.operator.endpoint'), render: (_, row) => row.endpoint },
                  {
                    key: 'calls',
                    title: t('companyData.operator.calls'),
                    align: 'right',
                    render: (_, row) => row.calls,
                  },
                  {
                    key: 'errors',
                    title: t('companyData.operator.errors'),
                    align: 'right',
                    render: (_, row) => row.errors,
                  },
                  {
                    key: 'cost',
                    title: t('companyData.operator.cost'),
                    align: 'right',
                    render: (_, row) => formatFen(row.costFen),
                  },
                ]}
              />
            )}
          </>
        ) : (
          <span className="tl-muted">{vendor.error && isApiError(vendor.error) ? vendor.error.msg : '-'}</span>
        )}
      </ConsolePageFrame>
    </Space>
  );
}
