import { useQuery } from '@tanstack/react-query';
import { discountLabel, formatFen } from '@taxlens/shared';
import { Button, Form, InputNumber, Select, Switch, Table } from 'antd';
import type { Dayjs } from 'dayjs';
import dayjs from 'dayjs';
import { t } from '../../../locales';
import { ConsolePageFrame } from '../../operator/components/ConsolePageFrame';
import { moneyApi } from '../../operator/money/api';
import { type OperatorDiscount, promotionsOperatorApi } from './api';
import { PeriodStateTag, periodText } from './PeriodStateTag';
import { PromotionImageField } from './PromotionImageField';
import './promotions-console.css';
import { usePromotionEditor } from './use-promotion-editor';

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
  const editor = usePromotionEditor<OperatorDiscount, DiscountForm>({
    queryKey: KEY,
    newValues: () => ({ ratePct: 80, published: true, period: [dayjs(), dayjs().add(3, 'day')] }),
    save: (values, id) =>
      promotionsOperatorApi.saveDiscount({
        id,
        title: values.title,
        packageId: values.packageId,
        ratePct: values.ratePct,
        imageKey: values.imageKey ?? null,
        startsAt: values.period[0].toISOString(),
        endsAt: values.period[1].toISOString(),
        published: values.published,
      }),
    remove: promotionsOperatorApi.deleteDiscount,
  });
  const { editing, open } = editor;
  const rows = useQuery({ queryKey: KEY, queryFn: promotionsOperatorApi.discounts });
  const catalogue = useQuery({ queryKey: ['operator', 'catalogue'], queryFn: moneyApi.catalogue });
  const packages = (catalogue.data?.packages ?? []).filter((pack) => pack.active);

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
          editor.actionsColumn,
        ]}
      />
      {editor.dialog(
        <>
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
        </>,
        <Form.Item name="published" label={t('promotions.operator.published')} valuePropName="checked">
          <Switch />
        </Form.Item>,
      )}
    </ConsolePageFrame>
  );
}
