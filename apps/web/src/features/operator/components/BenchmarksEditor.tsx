import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { IndustryBenchmarkRow } from '@taxlens/shared';
import { App, Button, Form, Input, Modal, Popconfirm, Space, Table } from 'antd';
import { useState } from 'react';
import { http, isApiError } from '../../../lib/http';
import { t } from '../../../locales';
import { ConsolePageFrame } from './ConsolePageFrame';

const EMPTY: IndustryBenchmarkRow = {
  key: '',
  name: '',
  industryCodes: [],
  keywords: [],
  regionCode: null,
  vatBurdenPct: null,
  citContributionPct: null,
  expenseRatioMaxPct: null,
  grossMarginPct: null,
  source: '',
};

/** The industry benchmark table: each save or delete makes a new settings version (listed beside). */
export function BenchmarksEditor() {
  const { message } = App.useApp();
  const client = useQueryClient();
  const [form] = Form.useForm<{ json: string }>();
  const [open, setOpen] = useState(false);
  const query = useQuery({
    queryKey: ['operator', 'benchmarks'],
    queryFn: () => http.get<{ name: string; rows: IndustryBenchmarkRow[] }>('/operator/benchmarks'),
  });
  const refresh = () => client.invalidateQueries({ queryKey: ['operator'] });

  const edit = (row: IndustryBenchmarkRow) => {
    form.setFieldsValue({ json: JSON.stringify(row, null, 2) });
    setOpen(true);
  };
  const save = async () => {
    let row: unknown;
    try {
      row = JSON.parse(form.getFieldValue('json') ?? '');
    } catch {
      form.setFields([{ name: 'json', errors: [t('operator.rules.badJson')] }]);
      return;
    }
    try {
      await http.post('/operator/saveBenchmark', row, { silent: true });
      message.success(t('operator.common.saved'));
      setOpen(false);
      await refresh();
    } catch (error) {
      if (!isApiError(error)) return;
      const fields = Object.entries(error.fields).map(([name, text]) => `${name}：${text}`);
      form.setFields([{ name: 'json', errors: fields.length > 0 ? fields : [error.msg] }]);
    }
  };
  const remove = async (key: string) => {
    try {
      await http.post('/operator/deleteBenchmark', { key });
      message.success(t('operator.rules.deleted'));
      await refresh();
    } catch {
      // Shown by the HTTP client.
    }
  };

  return (
    <ConsolePageFrame
      title={t('operator.rules.benchmarks')}
      extra={<Button onClick={() => edit(EMPTY)}>{t('operator.rules.newBenchmark')}</Button>}
    >
      <Table<IndustryBenchmarkRow>
        rowKey="key"
        size="small"
        loading={query.isFetching}
        dataSource={query.data?.rows}
        pagination={{ pageSize: 10 }}
        scroll={{ x: 640 }}
        columns={[
          { title: t('operator.rules.key'), dataIndex: 'key', width: 140 },
          { title: t('operator.rules.industry'), dataIndex: 'name' },
          {
            title: t('operator.rules.region'),
            dataIndex: 'regionCode',
            width: 90,
            render: (code: string | null) => code ?? '—',
          },
          {
            title: t('operator.rules.vatBurden'),
            dataIndex: 'vatBurdenPct',
            width: 110,
            render: (value: number | null) => value ?? '—',
          },
          {
            title: '',
            width: 120,
            render: (_, row) => (
              <Space size={0}>
                <Button type="link" size="small" onClick={() => edit(row)}>
                  {t('operator.common.edit')}
                </Button>
                <Popconfirm title={t('operator.rules.deleteConfirm')} onConfirm={() => remove(row.key)}>
                  <Button type="link" size="small" danger>
                    {t('operator.rules.delete')}
                  </Button>
                </Popconfirm>
              </Space>
            ),
          },
        ]}
      />
      <Modal
        open={open}
        title={t('operator.rules.benchmarks')}
        onOk={() => void save()}
        onCancel={() => setOpen(false)}
        width={640}
      >
        <Form form={form} layout="vertical">
          <Form.Item name="json" extra={t('operator.rules.hint')}>
            <Input.TextArea rows={16} className="op-code" spellCheck={false} />
          </Form.Item>
        </Form>
      </Modal>
    </ConsolePageFrame>
  );
}
