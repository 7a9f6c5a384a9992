import { useQuery, useQueryClient } from '@tanstack/react-query';
import { formatFen, RISK_LABELS, SHOP_ITEM_KIND_LABELS } from '@taxlens/shared';
import { App, Button, Form, Modal, Popconfirm, Space, Table, Tabs, Tag } from 'antd';
import { useState } from 'react';
import { t } from '../../../locales';
import { ConsolePageFrame } from '../../operator/components/ConsolePageFrame';
import { type CatalogueItem, catalogueOperatorApi } from '../api';
import { CatalogueFormFields, type CatalogueFormValues } from './CatalogueForm';
import { RequestsTab } from './RequestsTab';

const LIST_KEY = ['operator', 'dataServices'];

/**
 * Operator console: the one catalogue — the data view's data services, the product centre's platform
 * services and the mall's partner offers (内容 edits, puts on and takes off the shelf; a taken-off
 * item keeps its orders and inquiries) — and the firms' inquiries and paid orders that 运营 and 内容
 * follow up.
 */
export function DataServicesPage() {
  return (
    <ConsolePageFrame title={t('shop.operator.pageTitle')}>
      <Tabs
        items={[
          { key: 'catalogue', label: t('dataMap.operator.catalogue'), children: <CatalogueTab /> },
          { key: 'requests', label: t('dataMap.operator.requests'), children: <RequestsTab /> },
        ]}
      />
    </ConsolePageFrame>
  );
}

const toForm = (row: CatalogueItem): CatalogueFormValues => ({
  ...row,
  priceYuan: row.priceFen === null ? null : row.priceFen / 100,
});

function CatalogueTab() {
  const { message, modal } = App.useApp();
  const client = useQueryClient();
  const [editing, setEditing] = useState<CatalogueItem | 'new' | null>(null);
  const [form] = Form.useForm<CatalogueFormValues>();
  const list = useQuery({ queryKey: LIST_KEY, queryFn: ({ signal }) => catalogueOperatorApi.list(signal) });
  const open = (row: CatalogueItem | 'new') => {
    setEditing(row);
    form.setFieldsValue(
      row === 'new'
        ? { riskKinds: [], sortOrder: 100, active: true, kind: 'platform', recommended: false, priceYuan: null }
        : toForm(row),
    );
  };
  const submit = (values: CatalogueFormValues) => {
    // Switching 上架 off in the form takes the item off the shelf too: ask as the 下架 button does.
    if (editing && editing !== 'new' && editing.active && !values.active) {
      modal.confirm({
        title: t('shop.operator.takeOffConfirm', { title: editing.title }),
        onOk: () => save(values),
      });
      return;
    }
    void save(values);
  };
  const save = async ({ priceYuan, ...values }: CatalogueFormValues) => {
    try {
      await catalogueOperatorApi.save({
        ...values,
        riskKinds: values.kind === 'partner' ? [] : (values.riskKinds ?? []),
        partnerName: values.kind === 'partner' ? (values.partnerName ?? null) : null,
        coverImageKey: values.coverImageKey ?? null,
        grantAsset: values.grantAsset ?? null,
        grantCount: values.grantAsset == null ? null : (values.grantCount ?? null),
        priceFen: priceYuan == null ? null : Math.round(priceYuan * 100),
        ...(editing && editing !== 'new' ? { id: editing.id } : {}),
      });
      message.success(t('dataMap.operator.saved'));
      setEditing(null);
      await client.invalidateQueries({ queryKey: LIST_KEY });
    } catch {
      // The http client has shown the server's message.
    }
  };
  const shelve = async (row: CatalogueItem, active: boolean) => {
    try {
      await catalogueOperatorApi.shelf(row.id, active);
      message.success(active ? t('shop.operator.putOn') : t('dataMap.operator.off'));
      await client.invalidateQueries({ queryKey: LIST_KEY });
    } catch {
      // The http client has shown the server's message.
    }
  };
  return (
    <>
      <Button type="primary" onClick={() => open('new')} style={{ marginBottom: 12 }}>
        {t('dataMap.operator.add')}
      </Button>
      <Table<CatalogueItem>
        rowKey="id"
        size="small"
        loading={list.isFetching}
        dataSource={list.data ?? []}
        pagination={false}
        scroll={{ x: 980 }}
        data-testid="data-services"
        columns={[
          { key: 'sort', title: t('dataMap.operator.sortOrder'), dataIndex: 'sortOrder', width: 60 },
          { key: 'title', title: t('dataMap.product.service'), dataIndex: 'title' },
          {
            key: 'kind',
            title: t('shop.operator.kind'),
            width: 150,
            render: (_, row) => (
              <>
                {SHOP_ITEM_KIND_LABELS[row.kind]}
                {row.partnerName && <div className="tl-muted">{row.partnerName}</div>}
              </>
            ),
          },
          { key: 'label', title: t('dataMap.operator.label'), dataIndex: 'label', width: 90 },
          {
            key: 'price',
            title: t('shop.price'),
            width: 110,
            render: (_, row) => (row.priceFen === null ? t('shop.inquiryOnly') : `¥${formatFen(row.priceFen)}`),
          },
          {
            key: 'lists',
            title: t('dataMap.operator.riskKinds'),
            render: (_, row) =>
              row.riskKinds.map((kind) => RISK_LABELS[kind as keyof typeof RISK_LABELS]).join('、') || '-',
          },
          { key: 'requests', title: t('dataMap.operator.requestCount'), dataIndex: 'requests', width: 70 },
          {
            key: 'active',
            title: t('dataMap.product.status'),
            width: 110,
            render: (_, row) => (
              <Space size={4}>
                {row.active ? (
                  <Tag color="success">{t('dataMap.operator.on')}</Tag>
                ) : (
                  <Tag>{t('dataMap.operator.off')}</Tag>
                )}
                {row.recommended && <Tag color="gold">{t('shop.operator.recommended')}</Tag>}
              </Space>
            ),
          },
          {
            key: 'actions',
            title: '',
            width: 120,
            render: (_, row) => (
              <Space size={0}>
                <Button type="link" size="small" onClick={() => open(row)}>
                  {t('dataMap.operator.edit')}
                </Button>
                {row.active ? (
                  <Popconfirm
                    title={t('shop.operator.takeOffConfirm', { title: row.title })}
                    onConfirm={() => shelve(row, false)}
                  >
                    <Button type="link" size="small" danger data-testid={`take-off-${row.id}`}>
                      {t('shop.operator.takeOff')}
                    </Button>
                  </Popconfirm>
                ) : (
                  <Button type="link" size="small" onClick={() => shelve(row, true)}>
                    {t('shop.operator.putOn')}
                  </Button>
                )}
              </Space>
            ),
          },
        ]}
      />
      <Modal
        open={editing !== null}
        title={editing === 'new' ? t('dataMap.operator.add') : t('dataMap.operator.edit')}
        onOk={() => form.submit()}
        onCancel={() => setEditing(null)}
        destroyOnHidden
        width={640}
      >
        <Form<CatalogueFormValues> form={form} layout="vertical" onFinish={submit} data-testid="data-service-form">
          <CatalogueFormFields coverUrl={editing && editing !== 'new' ? editing.coverUrl : null} />
        </Form>
      </Modal>
    </>
  );
}
