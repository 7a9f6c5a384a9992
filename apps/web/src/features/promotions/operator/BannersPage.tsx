import { useQuery } from '@tanstack/react-query';
import { BANNER_PLACEMENT_LABELS, BANNER_PLACEMENTS } from '@taxlens/shared';
import { Button, Form, Input, InputNumber, Select, Space, Switch, Table } from 'antd';
import type { Dayjs } from 'dayjs';
import dayjs from 'dayjs';
import { t } from '../../../locales';
import { ConsolePageFrame } from '../../operator/components/ConsolePageFrame';
import { type OperatorBanner, promotionsOperatorApi } from './api';
import { PeriodStateTag, periodText } from './PeriodStateTag';
import { PromotionImageField } from './PromotionImageField';
import './promotions-console.css';
import { usePromotionEditor } from './use-promotion-editor';

interface BannerForm {
  title: string;
  placement: OperatorBanner['placement'];
  imageKey: string;
  linkUrl?: string;
  period: [Dayjs, Dayjs];
  published: boolean;
  sort: number;
}

const KEY = ['operator', 'banners'];

/** Operator console (内容): the home page's image pop-ups and carousel banners. */
export function BannersPage() {
  const editor = usePromotionEditor<OperatorBanner, BannerForm>({
    queryKey: KEY,
    newValues: () => ({ placement: 'popup', published: true, sort: 0, period: [dayjs(), dayjs().add(7, 'day')] }),
    save: (values, id) =>
      promotionsOperatorApi.saveBanner({
        id,
        title: values.title,
        placement: values.placement,
        imageKey: values.imageKey,
        linkUrl: values.linkUrl ?? '',
        startsAt: values.period[0].toISOString(),
        endsAt: values.period[1].toISOString(),
        published: values.published,
        sort: values.sort,
      }),
    remove: promotionsOperatorApi.deleteBanner,
  });
  const { editing, open } = editor;
  const rows = useQuery({ queryKey: KEY, queryFn: promotionsOperatorApi.banners });

  return (
    <ConsolePageFrame
      title={t('promotions.operator.bannersTitle')}
      extra={
        <Button type="primary" onClick={() => open('new')} data-testid="banner-add">
          {t('promotions.operator.add')}
        </Button>
      }
    >
      <Table<OperatorBanner>
        rowKey="id"
        size="small"
        loading={rows.isFetching}
        dataSource={rows.data ?? []}
        pagination={false}
        scroll={{ x: 900 }}
        columns={[
          {
            key: 'image',
            title: t('promotions.operator.image'),
            width: 120,
            render: (_, row) => <img src={row.imageUrl} alt={row.title} className="op-promo-thumb" />,
          },
          { key: 'title', title: t('promotions.operator.title'), dataIndex: 'title' },
          {
            key: 'placement',
            title: t('promotions.operator.placement'),
            width: 100,
            render: (_, row) => BANNER_PLACEMENT_LABELS[row.placement],
          },
          { key: 'period', title: t('promotions.operator.period'), width: 270, render: (_, row) => periodText(row) },
          {
            key: 'state',
            title: t('promotions.operator.state'),
            width: 90,
            render: (_, row) => <PeriodStateTag row={row} />,
          },
          { key: 'closedBy', title: t('promotions.operator.closedBy'), dataIndex: 'closedBy', width: 90 },
          editor.actionsColumn,
        ]}
      />
      {editor.dialog(
        <>
          <Form.Item name="placement" label={t('promotions.operator.placement')} rules={[{ required: true }]}>
            <Select options={BANNER_PLACEMENTS.map((value) => ({ value, label: BANNER_PLACEMENT_LABELS[value] }))} />
          </Form.Item>
          <Form.Item
            name="imageKey"
            label={t('promotions.operator.image')}
            rules={[{ required: true, message: t('promotions.operator.pickImage') }]}
          >
            <PromotionImageField initialUrl={editing && editing !== 'new' ? editing.imageUrl : null} />
          </Form.Item>
          <Form.Item name="linkUrl" label={t('promotions.operator.link')} extra={t('promotions.operator.linkHint')}>
            <Input maxLength={500} placeholder="/pay" />
          </Form.Item>
        </>,
        <Space size="large">
          <Form.Item name="published" label={t('promotions.operator.published')} valuePropName="checked">
            <Switch />
          </Form.Item>
          <Form.Item name="sort" label={t('promotions.operator.sort')}>
            <InputNumber min={0} max={9999} precision={0} />
          </Form.Item>
        </Space>,
        'banner-form',
      )}
    </ConsolePageFrame>
  );
}
