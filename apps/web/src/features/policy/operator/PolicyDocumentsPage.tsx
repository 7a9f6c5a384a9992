import { UploadOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, DatePicker, Form, Input, Popconfirm, Select, Space, Table, Tag, Upload } from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { http } from '../../../lib/http';
import { t } from '../../../locales';
import { ConsolePageFrame } from '../../operator/components/ConsolePageFrame';
import { STATUS_COLORS } from '../pages/PolicyLibraryPage';
import type { PolicyDocument } from '../policy-api';

type Row = PolicyDocument & { articles: number };
const STATUSES = Object.keys(STATUS_COLORS) as (keyof typeof STATUS_COLORS)[];
const PAGE_SIZE = 20;

interface UploadForm {
  docNo: string;
  title: string;
  issuer: string;
  issuedOn: Dayjs;
  effectiveOn?: Dayjs;
  taxKind: string;
  regionCode?: string;
  status: string;
  summary: string;
  source: string;
}

/**
 * Operator console (内容): the policy library's documents. Upload a docx, html or txt file with its
 * metadata (the full text is split into articles), or a json file of the import shape alone; list,
 * change a document's status, delete with confirmation.
 */
export function PolicyDocumentsPage() {
  const { message } = App.useApp();
  const client = useQueryClient();
  const [form] = Form.useForm<UploadForm>();
  const [file, setFile] = useState<File | null>(null);
  const [keyword, setKeyword] = useState('');
  const [page, setPage] = useState(1);
  const rows = useQuery({
    queryKey: ['operator', 'policies', keyword, page],
    queryFn: ({ signal }) =>
      http.get<{ list: Row[]; total: number }>('/operator/policy/list', {
        params: { page, size: PAGE_SIZE, keyword: keyword || undefined },
        signal,
      }),
  });
  const refresh = () => client.invalidateQueries({ queryKey: ['operator', 'policies'] });
  const isJson = file?.name.toLowerCase().endsWith('.json') ?? false;
  const required = { required: !isJson, message: t('policy.admin.required') };

  const submit = async () => {
    if (!file) {
      message.error(t('policy.admin.chooseFile'));
      return;
    }
    const values = isJson ? form.getFieldsValue() : await form.validateFields();
    const data = new FormData();
    for (const [key, value] of Object.entries(values)) {
      if (value === undefined || value === null || value === '') continue;
      data.append(key, typeof value === 'object' && 'format' in value ? value.format('YYYY-MM-DD') : String(value));
    }
    data.append('file', file);
    try {
      const result = await http.post<{ articles: number }>('/operator/policy/upload', data);
      message.success(t('policy.admin.imported', { articles: result.articles }));
      form.resetFields();
      setFile(null);
      await refresh();
    } catch {
      // The http client has shown the server's message.
    }
  };

  return (
    <ConsolePageFrame title={t('policy.admin.title')}>
      <Card size="small" title={t('policy.admin.upload')} style={{ marginBottom: 16 }}>
        <Form<UploadForm> form={form} layout="vertical" initialValues={{ status: '有效', regionCode: '000000' }}>
          <Space wrap align="start">
            <Form.Item name="docNo" label={t('policy.library.docNo')} rules={[required]}>
              <Input maxLength={80} style={{ width: 220 }} />
            </Form.Item>
            <Form.Item name="title" label={t('policy.admin.docTitle')} rules={[required]}>
              <Input maxLength={200} style={{ width: 320 }} />
            </Form.Item>
            <Form.Item name="issuer" label={t('policy.library.issuer')} rules={[required]}>
              <Input maxLength={100} style={{ width: 200 }} />
            </Form.Item>
            <Form.Item name="issuedOn" label={t('policy.library.issuedOn')} rules={[required]}>
              <DatePicker />
            </Form.Item>
            <Form.Item name="effectiveOn" label={t('policy.library.effectiveOn')}>
              <DatePicker />
            </Form.Item>
            <Form.Item name="taxKind" label={t('policy.library.taxKind')} rules={[required]}>
              <Input maxLength={20} style={{ width: 120 }} />
            </Form.Item>
            <Form.Item name="regionCode" label={t('policy.admin.regionCode')}>
              <Input maxLength={6} style={{ width: 100 }} />
            </Form.Item>
            <Form.Item name="status" label={t('policy.library.status')} rules={[required]}>
              <Select style={{ width: 110 }} options={STATUSES.map((value) => ({ value, label: value }))} />
            </Form.Item>
            <Form.Item name="source" label={t('policy.admin.source')} rules={[required]}>
              <Input maxLength={200} style={{ width: 200 }} />
            </Form.Item>
          </Space>
          <Form.Item name="summary" label={t('policy.library.summary')} rules={[required]}>
            <Input.TextArea maxLength={2000} rows={2} />
          </Form.Item>
          <Space wrap>
            <Upload
              accept=".docx,.html,.htm,.txt,.json"
              maxCount={1}
              beforeUpload={(chosen) => {
                setFile(chosen);
                return false;
              }}
              onRemove={() => setFile(null)}
              fileList={file ? [{ uid: '1', name: file.name, status: 'done' }] : []}
            >
              <Button icon={<UploadOutlined />} data-testid="policy-admin-file">
                {t('policy.admin.chooseFile')}
              </Button>
            </Upload>
            <Button type="primary" onClick={submit} data-testid="policy-admin-submit">
              {t('policy.admin.import')}
            </Button>
          </Space>
          <div className="tl-muted" style={{ marginTop: 8 }}>
            {t('policy.admin.hint')}
          </div>
        </Form>
      </Card>
      <Input.Search
        allowClear
        placeholder={t('policy.library.keyword')}
        style={{ width: 'min(320px, 80vw)', marginBottom: 12 }}
        onSearch={(value) => {
          setKeyword(value);
          setPage(1);
        }}
      />
      <Table<Row>
        rowKey="id"
        size="small"
        loading={rows.isFetching}
        dataSource={rows.data?.list ?? []}
        scroll={{ x: 860 }}
        pagination={{ current: page, pageSize: PAGE_SIZE, total: rows.data?.total ?? 0, onChange: setPage }}
        data-testid="policy-admin-list"
        columns={[
          { key: 'docNo', title: t('policy.library.docNo'), dataIndex: 'docNo', width: 220 },
          { key: 'title', title: t('policy.admin.docTitle'), dataIndex: 'title' },
          { key: 'issuedOn', title: t('policy.library.issuedOn'), dataIndex: 'issuedOn', width: 110 },
          { key: 'articles', title: t('policy.admin.articles'), dataIndex: 'articles', width: 70 },
          {
            key: 'status',
            title: t('policy.library.status'),
            width: 130,
            render: (_, row) => (
              <Select
                size="small"
                value={row.status}
                style={{ width: 110 }}
                options={STATUSES.map((value) => ({ value, label: <Tag color={STATUS_COLORS[value]}>{value}</Tag> }))}
                onChange={async (status) => {
                  await http.post('/operator/policy/setStatus', { id: row.id, status });
                  message.success(t('policy.admin.saved'));
                  await refresh();
                }}
              />
            ),
          },
          {
            key: 'delete',
            title: '',
            width: 70,
            render: (_, row) => (
              <Popconfirm
                title={t('policy.admin.confirmDelete', { docNo: row.docNo })}
                onConfirm={async () => {
                  await http.post('/operator/policy/delete', { id: row.id });
                  message.success(t('policy.admin.deleted'));
                  await refresh();
                }}
              >
                <Button type="link" danger size="small">
                  {t('policy.admin.delete')}
                </Button>
              </Popconfirm>
            ),
          },
        ]}
      />
    </ConsolePageFrame>
  );
}
