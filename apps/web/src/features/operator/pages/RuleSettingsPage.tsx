import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Form, Input, Space, Table, Tag } from 'antd';
import dayjs from 'dayjs';
import { useEffect } from 'react';
import { http, isApiError } from '../../../lib/http';
import { t } from '../../../locales';
import { BenchmarksEditor } from '../components/BenchmarksEditor';
import { ConsolePageFrame } from '../components/ConsolePageFrame';
import { JsonView } from '../components/JsonView';

interface CatalogueRule {
  id: string;
  title: string;
  basis: string;
  thresholds: Record<string, number | string | boolean>;
}

interface Version {
  id: number;
  thresholds: Record<string, Record<string, number | string | boolean>>;
  note: string;
  createdBy: number | null;
  createdAt: string;
}

/**
 * Rule thresholds as versions: every save is a whole new version (reports name the version they
 * used); the server checks each value against the rule catalogue.
 */
export function RuleSettingsPage() {
  const { message } = App.useApp();
  const client = useQueryClient();
  const [form] = Form.useForm<{ json: string; note: string }>();
  const query = useQuery({
    queryKey: ['operator', 'ruleSettings'],
    queryFn: () => http.get<{ currentId: number | null; versions: Version[] }>('/operator/ruleSettings'),
  });
  const current = query.data?.versions.find((version) => version.id === query.data?.currentId);
  // The engine's defaults beside the editor: what each key means and what it is when not overridden.
  const catalogue = useQuery({
    queryKey: ['operator', 'ruleCatalogue'],
    queryFn: () => http.get<CatalogueRule[]>('/operator/ruleCatalogue'),
    staleTime: Number.POSITIVE_INFINITY,
  });
  const fillDefaults = () => {
    const defaults = Object.fromEntries(
      (catalogue.data ?? [])
        .filter((rule) => Object.keys(rule.thresholds).length > 0)
        .map((rule) => [rule.id, rule.thresholds]),
    );
    form.setFieldsValue({ json: JSON.stringify(defaults, null, 2) });
  };

  useEffect(() => {
    if (current) form.setFieldsValue({ json: JSON.stringify(current.thresholds, null, 2) });
  }, [current, form]);

  const save = async (values: { json: string; note: string }) => {
    let thresholds: unknown;
    try {
      thresholds = JSON.parse(values.json);
    } catch {
      form.setFields([{ name: 'json', errors: [t('operator.rules.badJson')] }]);
      return;
    }
    try {
      await http.post('/operator/saveThresholds', { thresholds, note: values.note?.trim() ?? '' }, { silent: true });
      message.success(t('operator.common.saved'));
      form.setFieldValue('note', '');
      await client.invalidateQueries({ queryKey: ['operator', 'ruleSettings'] });
    } catch (error) {
      if (isApiError(error)) form.setFields([{ name: 'json', errors: [error.msg] }]);
    }
  };

  return (
    <Space direction="vertical" size={16} className="op-stack">
      <ConsolePageFrame title={t('operator.pages.rules')}>
        <Form form={form} layout="vertical" onFinish={(values) => void save(values)}>
          <Form.Item name="json" label={t('operator.rules.thresholds')} extra={t('operator.rules.hint')}>
            <Input.TextArea
              rows={14}
              className="op-code"
              spellCheck={false}
              placeholder={t('operator.rules.noVersion')}
            />
          </Form.Item>
          <Form.Item
            name="note"
            label={t('operator.rules.note')}
            rules={[{ required: true, message: t('operator.rules.noteRequired') }]}
          >
            <Input maxLength={200} />
          </Form.Item>
          <Button type="primary" htmlType="submit">
            {t('operator.rules.saveVersion')}
          </Button>
        </Form>
      </ConsolePageFrame>
      <ConsolePageFrame
        title={t('operator.rules.catalogueTitle')}
        extra={
          <Button onClick={fillDefaults} disabled={!catalogue.data} data-testid="rules-use-defaults">
            {t('operator.rules.useDefaults')}
          </Button>
        }
      >
        <Table<CatalogueRule>
          rowKey="id"
          size="small"
          loading={catalogue.isFetching}
          dataSource={(catalogue.data ?? []).filter((rule) => Object.keys(rule.thresholds).length > 0)}
          pagination={{ pageSize: 10, hideOnSinglePage: true }}
          scroll={{ x: 720 }}
          data-testid="rules-catalogue"
          columns={[
            {
              title: t('operator.rules.rule'),
              width: 260,
              render: (_, rule) => (
                <>
                  <div>{rule.title}</div>
                  <code className="op-code">{rule.id}</code>
                </>
              ),
            },
            {
              title: t('operator.rules.defaults'),
              render: (_, rule) =>
                Object.entries(rule.thresholds).map(([key, value]) => (
                  <Tag key={key}>
                    {key} = {String(value)}
                  </Tag>
                )),
            },
          ]}
        />
      </ConsolePageFrame>
      <BenchmarksEditor />
      <ConsolePageFrame title={t('operator.rules.versions')}>
        <Table<Version>
          rowKey="id"
          size="small"
          loading={query.isFetching}
          dataSource={query.data?.versions}
          expandable={{ expandedRowRender: (version) => <JsonView value={version.thresholds} /> }}
          columns={[
            {
              title: t('operator.rules.version'),
              dataIndex: 'id',
              width: 110,
              render: (id: number) => (
                <Space size={4}>
                  {id}
                  {id === query.data?.currentId && <Tag color="green">{t('operator.rules.current')}</Tag>}
                </Space>
              ),
            },
            { title: t('operator.rules.note'), dataIndex: 'note' },
            {
              title: t('operator.datasets.importedAt'),
              dataIndex: 'createdAt',
              width: 150,
              render: (at: string) => dayjs(at).format('YYYY-MM-DD HH:mm'),
            },
          ]}
        />
      </ConsolePageFrame>
    </Space>
  );
}
