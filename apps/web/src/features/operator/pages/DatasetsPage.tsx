import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { Page } from '@taxlens/shared';
import { Alert, Button, DatePicker, Form, Input, Progress, Select, Space, Table, Tag, Upload } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { http, isApiError } from '../../../lib/http';
import { t } from '../../../locales';
import { uploadWithProgress } from '../../companies/transfer';
import { ConsolePageFrame } from '../components/ConsolePageFrame';

interface DataList {
  key: string;
  label: string;
  columns: { header: string; required: boolean }[];
}
interface Dataset {
  id: number;
  label: string;
  status: string;
  fileName: string;
  rowCount: number;
  source: string;
  asOf: string;
  isDemo: boolean;
  createdAt: string;
}
interface ImportResult {
  status: 'imported' | 'unchanged' | 'rejected';
  rowCount: number;
  errorCount: number;
  errors: { row: number | null; column: string | null; message: string }[];
}
interface Values {
  listKey: string;
  source: string;
  asOf: Dayjs;
}

const BASE = '/operator/companyData';
const STATUS: Record<string, { label: string; color?: string }> = {
  active: { label: '在用', color: 'green' },
  superseded: { label: '已被新版本替代' },
  rejected: { label: '未导入（有错误行）', color: 'red' },
};

/** Company and risk-list datasets: upload with progress, the row error report of a refused file, versions. */
export function DatasetsPage() {
  const client = useQueryClient();
  const [form] = Form.useForm<Values>();
  const [file, setFile] = useState<File | null>(null);
  const [percent, setPercent] = useState<number | null>(null);
  const [result, setResult] = useState<ImportResult | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [page, setPage] = useState(1);
  const lists = useQuery({ queryKey: ['operator', 'dataLists'], queryFn: () => http.get<DataList[]>(`${BASE}/lists`) });
  const versions = useQuery({
    queryKey: ['operator', 'datasets', page],
    queryFn: () => http.get<Page<Dataset>>(`${BASE}/datasets`, { params: { page, size: 10 } }),
  });
  const listKey = Form.useWatch('listKey', form);
  const chosen = lists.data?.find((list) => list.key === listKey);

  const submit = async (values: Values) => {
    if (!file) {
      setFailure(t('operator.datasets.chooseFile'));
      return;
    }
    setFailure(null);
    setResult(null);
    setPercent(0);
    try {
      const answer = await uploadWithProgress<ImportResult>({
        path: `${BASE}/import`,
        fields: [
          ['listKey', values.listKey],
          ['source', values.source?.trim() ?? ''],
          ['asOf', values.asOf ? values.asOf.format('YYYY-MM-DD') : ''],
        ],
        file,
        silent: true,
        onProgress: (loaded, total) => setPercent(total > 0 ? Math.round((loaded / total) * 100) : 0),
      });
      setResult(answer);
      await client.invalidateQueries({ queryKey: ['operator', 'datasets'] });
    } catch (error) {
      setFailure(isApiError(error) ? error.msg : String(error));
    } finally {
      setPercent(null);
    }
  };

  return (
    <Space direction="vertical" size={16} className="op-stack">
      <ConsolePageFrame title={t('operator.pages.datasets')}>
        <Form form={form} layout="vertical" className="op-narrow-form" onFinish={(values) => void submit(values)}>
          <Form.Item
            name="listKey"
            label={t('operator.datasets.list')}
            rules={[{ required: true, message: '请选择数据清单' }]}
          >
            <Select
              showSearch
              optionFilterProp="label"
              options={lists.data?.map((list) => ({ value: list.key, label: list.label }))}
            />
          </Form.Item>
          {chosen && (
            <div className="op-columns">
              {chosen.columns.map((column) => (
                <Tag key={column.header} color={column.required ? 'blue' : undefined}>
                  {column.header}
                </Tag>
              ))}
            </div>
          )}
          <Form.Item
            name="source"
            label={t('operator.datasets.source')}
            rules={[{ required: true, message: '请填写数据来源' }]}
          >
            <Input maxLength={100} placeholder={t('operator.datasets.sourceHint')} />
          </Form.Item>
          <Form.Item
            name="asOf"
            label={t('operator.datasets.asOf')}
            rules={[{ required: true, message: '请填写数据日期' }]}
          >
            <DatePicker />
          </Form.Item>
          <Form.Item label={t('operator.datasets.file')}>
            <Upload
              accept=".csv,.txt,.xlsx"
              maxCount={1}
              beforeUpload={(chosenFile) => {
                setFile(chosenFile);
                return false;
              }}
              onRemove={() => setFile(null)}
            >
              <Button>{t('operator.datasets.chooseFile')}</Button>
            </Upload>
          </Form.Item>
          {percent !== null && <Progress percent={percent} />}
          <Button type="primary" htmlType="submit" loading={percent !== null}>
            {t('operator.datasets.import')}
          </Button>
        </Form>
        {failure && <Alert className="op-result" type="error" showIcon message={failure} />}
        {result && (
          <div className="op-result">
            <Alert
              type={result.status === 'rejected' ? 'error' : 'success'}
              showIcon
              message={t(`operator.datasets.result.${result.status}`, {
                rows: result.rowCount,
                errors: result.errorCount,
              })}
            />
            {result.errors.length > 0 && (
              <Table
                rowKey={(row) => `${row.row}-${row.column}-${row.message}`}
                size="small"
                dataSource={result.errors}
                pagination={{ pageSize: 10 }}
                columns={[
                  { title: t('operator.datasets.row'), dataIndex: 'row', width: 70 },
                  { title: t('operator.datasets.column'), dataIndex: 'column', width: 140 },
                  { title: t('operator.health.error'), dataIndex: 'message' },
                ]}
              />
            )}
          </div>
        )}
      </ConsolePageFrame>
      <ConsolePageFrame title={t('operator.datasets.versions')}>
        <Table<Dataset>
          rowKey="id"
          size="small"
          loading={versions.isFetching}
          dataSource={versions.data?.list}
          scroll={{ x: 820 }}
          pagination={{ current: page, pageSize: 10, total: versions.data?.total ?? 0, onChange: setPage }}
          columns={[
            { title: t('operator.datasets.list'), dataIndex: 'label' },
            { title: t('operator.datasets.file'), dataIndex: 'fileName' },
            { title: t('operator.datasets.rows'), dataIndex: 'rowCount', width: 90 },
            { title: t('operator.datasets.source'), dataIndex: 'source' },
            { title: t('operator.datasets.asOf'), dataIndex: 'asOf', width: 110 },
            {
              title: t('operator.money.state'),
              dataIndex: 'status',
              width: 150,
              render: (status: string, row) => (
                <Space size={2}>
                  <Tag color={STATUS[status]?.color}>{STATUS[status]?.label ?? status}</Tag>
                  {row.isDemo && <Tag color="orange">{t('operator.datasets.demo')}</Tag>}
                </Space>
              ),
            },
            {
              title: t('operator.datasets.importedAt'),
              dataIndex: 'createdAt',
              width: 140,
              render: (at: string) => dayjs(at).format('YYYY-MM-DD HH:mm'),
            },
          ]}
        />
      </ConsolePageFrame>
    </Space>
  );
}
