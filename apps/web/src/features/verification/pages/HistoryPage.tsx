import { DeleteOutlined, DownloadOutlined } from '@ant-design/icons';
import { CHECK_VERDICT_NAMES, CHECK_VERDICTS, type CheckFilter, formatDateTime, formatFen } from '@taxlens/shared';
import { App, Button, Card, DatePicker, Flex, Input, Popconfirm, Select, Table, Tabs } from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { t } from '../../../locales';
import { type CheckQuery, verificationApi } from '../api';
import { ChecksTable } from '../components/ChecksTable';
import { DetailDrawer } from '../components/DetailDrawer';
import { useCheckFlow, useChecks, useCheckUsers, useDeleteChecks } from '../queries';

const FORMATS = ['xml', 'ofd', 'pdf', 'image', 'manual', 'excel'] as const;

/** /ticket/jianwei/history 使用明细: records with filters, details, Excel export, delete; and the charges. */
export function HistoryPage() {
  const { message } = App.useApp();
  const [query, setQuery] = useState<CheckQuery>({ page: 1, size: 10 });
  const [draft, setDraft] = useState<CheckFilter & { range?: [Dayjs, Dayjs] | null }>({});
  const [selected, setSelected] = useState<number[]>([]);
  const [detailId, setDetailId] = useState<number | null>(null);
  const [flowPage, setFlowPage] = useState(1);
  const checks = useChecks(query);
  const users = useCheckUsers();
  const flow = useCheckFlow(flowPage);
  const remove = useDeleteChecks();
  const { page: _page, size: _size, ...filter } = query;

  const search = () => {
    const { range, ...rest } = draft;
    setQuery({
      ...rest,
      startDate: range?.[0]?.format('YYYY-MM-DD'),
      endDate: range?.[1]?.format('YYYY-MM-DD'),
      page: 1,
      size: query.size,
    });
    setSelected([]);
  };
  const exportRows = (ids?: number[]) =>
    verificationApi.exportChecks({ ...filter, ...(ids ? { ids } : {}) }).catch(() => undefined);
  const removeSelected = async () => {
    try {
      const { deleted } = await remove.mutateAsync(selected);
      message.success(t('verification.history.deleted', { count: deleted }));
      setSelected([]);
    } catch {
      // The HTTP client has shown why.
    }
  };

  const records = (
    <Flex vertical gap={16}>
      <Flex gap={8} wrap className="verification-filters">
        {/* Each filter grows to fill its row, so on a phone they line up in even rows. */}
        <DatePicker.RangePicker
          style={{ flex: '1 1 240px', maxWidth: 320 }}
          value={draft.range ?? null}
          onChange={(range) => setDraft({ ...draft, range: range as [Dayjs, Dayjs] | null })}
        />
        <Select
          allowClear
          placeholder={t('verification.history.verdict')}
          style={{ flex: '1 1 130px', maxWidth: 200 }}
          value={draft.verdict}
          onChange={(verdict) => setDraft({ ...draft, verdict })}
          options={CHECK_VERDICTS.map((value) => ({ value, label: CHECK_VERDICT_NAMES[value] }))}
        />
        <Select
          allowClear
          placeholder={t('verification.history.format')}
          style={{ flex: '1 1 130px', maxWidth: 200 }}
          value={draft.format}
          onChange={(format) => setDraft({ ...draft, format })}
          options={FORMATS.map((value) => ({ value, label: t(`verification.formats.${value}`) }))}
        />
        <Select
          allowClear
          placeholder={t('verification.history.user')}
          style={{ flex: '1 1 130px', maxWidth: 240 }}
          value={draft.userId}
          onChange={(userId) => setDraft({ ...draft, userId })}
          options={(users.data ?? []).map((user) => ({
            value: user.userId,
            label: user.name ? `${user.name}（${user.phone}）` : user.phone,
          }))}
        />
        <Input.Search
          allowClear
          placeholder={t('verification.history.keyword')}
          style={{ flex: '1 1 240px', maxWidth: 360 }}
          value={draft.keyword}
          onChange={(event) => setDraft({ ...draft, keyword: event.target.value || undefined })}
          onSearch={search}
          enterButton={t('verification.history.search')}
        />
      </Flex>
      <Flex gap={8} wrap>
        <Button icon={<DownloadOutlined />} onClick={() => exportRows()}>
          {t('verification.history.export')}
        </Button>
        <Button disabled={selected.length === 0} onClick={() => exportRows(selected)}>
          {t('verification.history.exportSelected')}
        </Button>
        <Popconfirm
          title={t('verification.history.deleteConfirm', { count: selected.length })}
          onConfirm={removeSelected}
          disabled={selected.length === 0}
        >
          <Button danger icon={<DeleteOutlined />} disabled={selected.length === 0} loading={remove.isPending}>
            {t('verification.history.delete')}
          </Button>
        </Popconfirm>
      </Flex>
      <ChecksTable
        withTime
        rows={checks.data?.list ?? []}
        onDetail={setDetailId}
        extra={{
          loading: checks.isFetching,
          rowSelection: { selectedRowKeys: selected, onChange: (keys) => setSelected(keys as number[]) },
          pagination: {
            current: query.page,
            pageSize: query.size,
            total: checks.data?.total ?? 0,
            showSizeChanger: true,
            onChange: (page, size) => setQuery({ ...query, page, size }),
          },
        }}
      />
    </Flex>
  );

  const charges = (
    <Table
      rowKey="id"
      size="middle"
      dataSource={flow.data?.list ?? []}
      scroll={{ x: 'max-content' }}
      pagination={{ current: flowPage, pageSize: 10, total: flow.data?.total ?? 0, onChange: setFlowPage }}
      columns={[
        {
          title: t('verification.columns.time'),
          dataIndex: 'createTime',
          render: (value: string) => formatDateTime(value),
        },
        { title: t('verification.history.flow'), dataIndex: 'reasonLabel' },
        { title: '¥', dataIndex: 'deltaFen', align: 'right', render: (value: number) => formatFen(value) },
        { title: t('verification.columns.summary'), dataIndex: 'note' },
        { title: t('verification.columns.user'), dataIndex: 'phone' },
      ]}
    />
  );

  return (
    <Card className="verification-page">
      <Tabs
        items={[
          { key: 'records', label: t('verification.history.records'), children: records },
          { key: 'flow', label: t('verification.history.flow'), children: charges },
        ]}
      />
      <DetailDrawer id={detailId} onClose={() => setDetailId(null)} />
    </Card>
  );
}
