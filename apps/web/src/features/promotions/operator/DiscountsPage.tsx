import { useQuery, useQueryClient } from '@tanstack/react-query';
import { discountLabel, formatFen } from '@taxlens/shared';
import {
  App,
  Button,
  DatePicker,
  Form,
  Input,
  InputNumber,
  Modal,
  Popconfirm,
  Select,
  Space,
  Switch,
  Table,
} from 'antd';
import type { Dayjs } from 'dayjs';
import dayjs from 'dayjs';
import { useState } from 'react';
import { isApiError } from '../../../lib/http';
import { t } from '../../../locales';
import { ConsolePageFrame } from '../../operator/components/ConsolePageFrame';
import { applyFieldErrors } from '../../operator/lib/field-errors';
import { moneyApi } from '../../operator/money/api';
import { type OperatorDiscount, promotionsOperatorApi } from './api';
import { PeriodStateTag, periodText } from './PeriodStateTag';
import { PromotionImageField } from './PromotionImageField';
import './promotions-console.css';

interface DiscountForm {
  title: string;
  packageId: number;
  ratePct: number;
  imageKey?: string | null;
  period: [Dayjs, Dayjs];
  published: boolean;
}

const KEY = ['operator', 'discounts'];

/**
 * Operator console (运营): limited-time discounts on a package. While one runs, main accounts of
 * groups without the data service see the home page's countdown dialog and pay the discounted price.
 */
export function DiscountsPage() {
  const { message } = App.useApp();
  const client = useQueryClient();
  const [form] = Form.useForm<DiscountForm>();
  const [editing, setEditing] = useState<OperatorDiscount | 'new' | null>(null);
  const rows = useQuery({ queryKey: KEY, queryFn: promotionsOperatorApi.discounts });
  const catalogue = useQuery({ queryKey: ['operator', 'catalogue'], queryFn: moneyApi.catalogue });
  const packages = (catalogue.data?.packages ?? []).filter((pack) => pack.active);

  const open = (row: OperatorDiscount | 'new') => {
    setEditing(row);
    form.resetFields();
    if (row === 'new') form.setFieldsValue({ ratePct: 80, published: true, period: [dayjs(), dayjs().add(3, 'day')] });
    else form.setFieldsValue({ ...row, period: [dayjs(row.startsAt), dayjs(row.endsAt)] });
  };
  const save = async (values: DiscountForm) => {
    try {
      await promotionsOperatorApi.saveDiscount({
        id: editing && editing !== 'new' ? editing.id : undefined,
        title: values.title,
        packageId: values.packageId,
        ratePct: values.ratePct,
        imageKey: values.imageKey ?? null,
        startsAt: values.period[0].toISOString(),
        endsAt: values.period[1].toISOString(),
        published: values.published,
      });
      message.success(t('promotions.operator.saved'));
      setEditing(null);
      await client.invalidateQueries({ queryKey: KEY });
    } catch (error) {
      if (isApiError(error)) applyFieldErrors(form, error, message, { startsAt: 'period', endsAt: 'period' });
    }
  };
  const remove = async (row: OperatorDiscount) => {
    try {
      await promotionsOperatorApi.deleteDiscount(row.id);
      message.success(t('promotions.operator.deleted'));
      await client.invalidateQueries({ queryKey: KEY });
    } catch (error) {
      if (isApiError(error)) message.error(error.msg);
    }
  };

  return (
    <ConsolePageFrame
      title={t('promotions.operator.discountsTitle')}
      extra={
        <Button type="primary" onClick={() => open('new')} data-testid="discount-add">
          {t('promotions.operator.add')}
        </Button>
      }
    >
      <Table<OperatorDiscount>
        rowKey="id"
        size="small"
        loading={rows.isFetching}
        dataSource={rows.data ?? []}
        pagination={false}
        scroll={{ x: 860 }}
        columns={[
          { key: 'title', title: t('promotions.operator.title'), dataIndex: 'title' },
          { key: 'package', title: t('promotions.operator.package'), dataIndex: 'packageName', width: 140 },
          {
            key: 'rate',
            title: t('promotions.operator.rate'),
            width: 80,
            render: (_, row) => discountLabel(row.ratePct / 100),
          },
          { key: 'period', title: t('promotions.operator.period'), width: 270, render: (_, row) => periodText(row) },
          {
            key: 'state',
            title: t('promotions.operator.state'),
            width: 90,
            render: (_, row) => <PeriodStateTag row={row} />,
          },
          { key: 'paid', title: t('promotions.operator.paidOrders'), dataIndex: 'paidOrders', width: 90 },
          {
            key: 'actions',
            title: '',
            width: 130,
            render: (_, row) => (
              <Space size={0}>
                <Button type="link" onClick={() => open(row)}>
                  {t('promotions.operator.edit')}
                </Button>
                <Popconfirm
                  title={t('promotions.operator.deleteConfirm', { title: row.title })}
                  onConfirm={() => remove(row)}
                >
                  <Button type="link" danger>
                    {t('promotions.operator.delete')}
                  </Button>
                </Popconfirm>
              </Space>
            ),
          },
        ]}
      />
      <Modal
        open={editing !== null}
        title={editing === 'new' ? t('promotions.operator.add') : t('promotions.operator.edit')}
        okText={t('promotions.operator.save')}
        onOk={() => form.submit()}
        onCancel={() => setEditing(null)}
        destroyOnHidden
        width={560}
      >
        <Form<DiscountForm> form={form} layout="vertical" onFinish={save}>
          <Form.Item
            name="title"
            label={t('promotions.operator.title')}
            rules={[{ required: true, whitespace: true, message: t('promotions.operator.required') }]}
          >
            <Input maxLength={60} />
          </Form.Item>
          <Form.Item
            name="packageId"
            label={t('promotions.operator.package')}
            rules={[{ required: true, message: t('promotions.operator.required') }]}
          >
            <Select
              loading={catalogue.isFetching}
              options={packages.map((pack) => ({
                value: pack.id,
                label: `${pack.name}（¥${formatFen(pack.priceFen)}）`,
              }))}
            />
          </Form.Item>
          <Form.Item
            name="ratePct"
            label={t('promotions.operator.rate')}
            rules={[{ required: true, message: t('promotions.operator.required') }]}
          >
            <InputNumber
              min={10}
              max={99}
              precision={0}
              addonAfter={t('promotions.operator.rateSuffix')}
              placeholder={t('promotions.operator.ratePlaceholder')}
            />
          </Form.Item>
          <Form.Item name="imageKey" label={t('promotions.operator.imageOptional')}>
            <PromotionImageField initialUrl={editing && editing !== 'new' ? editing.imageUrl : null} />
          </Form.Item>
          <Form.Item
            name="period"
            label={t('promotions.operator.period')}
            rules={[{ required: true, message: t('promotions.operator.required') }]}
          >
            <DatePicker.RangePicker
              showTime={{ format: 'HH:mm' }}
              format="YYYY-MM-DD HH:mm"
              style={{ width: '100%' }}
            />
          </Form.Item>
          <Form.Item name="published" label={t('promotions.operator.published')} valuePropName="checked">
            <Switch />
          </Form.Item>
        </Form>
      </Modal>
    </ConsolePageFrame>
  );
}
