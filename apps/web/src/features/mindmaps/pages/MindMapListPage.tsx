import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { MindMapItem, MindTemplateId } from '@taxlens/shared';
import { Alert, App, Button, Form, Popconfirm, Select, Space, Table } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { PageFrame } from '../../../components/PageFrame';
import { downloadFile } from '../../../lib/download';
import { t } from '../../../locales';
import { reportsApi } from '../../reports/api';
import { mindApi } from '../mind-api';

const PAGE_SIZE = 20;

/** /mind/list: the group's report mind maps, batch generation from finished reports, exports. */
export function MindMapListPage() {
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [page, setPage] = useState(1);
  const [picked, setPicked] = useState<number[]>([]);
  const [template, setTemplate] = useState<MindTemplateId>('business');
  const maps = useQuery({
    queryKey: ['mind', 'list', page],
    queryFn: ({ signal }) => mindApi.list({ page, size: PAGE_SIZE }, signal),
  });
  const limitation = useQuery({
    queryKey: ['mind', 'limitation'],
    queryFn: ({ signal }) => mindApi.limitation(signal),
  });
  const templates = useQuery({ queryKey: ['mind', 'templates'], queryFn: ({ signal }) => mindApi.templates(signal) });
  const reports = useQuery({
    queryKey: ['mind', 'done-reports'],
    queryFn: ({ signal }) => reportsApi.list({ page: 1, size: 100, status: 'done' }, signal),
  });
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['mind'] });
  const create = useMutation({
    mutationFn: () => mindApi.create(picked, template),
    onSuccess: async () => {
      setPicked([]);
      await refresh();
    },
    onError: (error) => message.error(error.message),
  });
  const remove = useMutation({
    mutationFn: (id: number) => mindApi.remove(id),
    onSuccess: refresh,
    onError: (error) => message.error(error.message),
  });
  const limit = limitation.data?.limit ?? 20;
  const fileName = (row: MindMapItem, ext: string) => `${row.taxpayerName}-思维导图.${ext}`;

  return (
    <PageFrame title={t('mindMap.routes.list')} subtitle={t('mindMap.list.intro')} testId="mind-map-list">
      {limitation.data && limitation.data.mindNum > 0 && (
        <Alert type="info" showIcon message={t('mindMap.list.pending', { count: limitation.data.mindNum })} />
      )}
      <Form layout="vertical" style={{ marginTop: 16 }} onFinish={() => create.mutate()}>
        <Form.Item label={t('mindMap.list.pickReports', { limit })}>
          <Select
            mode="multiple"
            value={picked}
            onChange={(ids) => setPicked(ids.slice(0, limit))}
            loading={reports.isLoading}
            optionFilterProp="label"
            options={(reports.data?.list ?? []).map((report) => ({
              value: report.id,
              label: `${report.taxpayerName} · ${report.reportName}（${report.periodStart}至${report.periodEnd}）`,
            }))}
            data-testid="mind-pick-reports"
          />
        </Form.Item>
        <Space wrap>
          <Select<MindTemplateId>
            value={template}
            onChange={setTemplate}
            style={{ width: 140 }}
            aria-label={t('mindMap.list.template')}
            options={(templates.data ?? []).map((item) => ({ value: item.id, label: item.name }))}
          />
          <Button type="primary" htmlType="submit" disabled={picked.length === 0} loading={create.isPending}>
            {t('mindMap.list.generate')}
          </Button>
        </Space>
      </Form>
      <Table<MindMapItem>
        style={{ marginTop: 16 }}
        rowKey="id"
        loading={maps.isLoading}
        dataSource={maps.data?.list ?? []}
        scroll={{ x: 760 }}
        locale={{ emptyText: t('mindMap.list.empty') }}
        pagination={{ current: page, pageSize: PAGE_SIZE, total: maps.data?.total ?? 0, onChange: setPage }}
        columns={[
          { title: t('mindMap.list.company'), dataIndex: 'taxpayerName', fixed: 'left', width: 200 },
          { title: t('mindMap.list.report'), dataIndex: 'reportName', width: 140 },
          {
            title: t('mindMap.list.period'),
            key: 'period',
            width: 170,
            render: (_, row) => `${row.periodStart}至${row.periodEnd}`,
          },
          { title: t('mindMap.list.nodes'), dataIndex: 'nodeCount', width: 80 },
          {
            title: t('mindMap.list.created'),
            dataIndex: 'createTime',
            width: 170,
            render: (value: string) => new Date(value).toLocaleString('zh-CN', { hour12: false }),
          },
          {
            title: t('mindMap.list.actions'),
            key: 'actions',
            width: 260,
            render: (_, row) => (
              <Space size={4} wrap>
                <Link to={`/mind/view?id=${row.id}`}>{t('mindMap.list.view')}</Link>
                <Button
                  type="link"
                  size="small"
                  onClick={() => downloadFile('/People/exportXmind', { id: row.id }, fileName(row, 'xmind'))}
                >
                  {t('mindMap.list.xmind')}
                </Button>
                <Button
                  type="link"
                  size="small"
                  onClick={() => downloadFile('/People/exportSvg', { id: row.id }, fileName(row, 'svg'))}
                >
                  {t('mindMap.list.svg')}
                </Button>
                <Button
                  type="link"
                  size="small"
                  onClick={() => downloadFile('/People/exportPng', { id: row.id }, fileName(row, 'png'))}
                >
                  {t('mindMap.list.png')}
                </Button>
                <Button
                  type="link"
                  size="small"
                  onClick={() => downloadFile('/People/exportPdf', { id: row.id }, fileName(row, 'pdf'))}
                >
                  {t('mindMap.list.pdf')}
                </Button>
                <Popconfirm title={t('mindMap.list.confirmDelete')} onConfirm={() => remove.mutate(row.id)}>
                  <Button type="link" size="small" danger>
                    {t('mindMap.list.delete')}
                  </Button>
                </Popconfirm>
              </Space>
            ),
          },
        ]}
      />
    </PageFrame>
  );
}
