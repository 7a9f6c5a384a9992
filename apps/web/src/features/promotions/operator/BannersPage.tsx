import { useQuery, useQueryClient } from '@tanstack/react-query';
import { BANNER_PLACEMENT_LABELS, BANNER_PLACEMENTS } from '@taxlens/shared';
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
import { type OperatorBanner, promotionsOperatorApi } from './api';
import { PeriodStateTag, periodText } from './PeriodStateTag';
import { PromotionImageField } from './PromotionImageField';
import './promotions-console.css';

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
  const { message } = App.useApp();
  const client = useQueryClient();
  const [form] = Form.useForm<BannerForm>();
  const [editing, setEditing] = useState<OperatorBanner | 'new' | null>(null);
  const rows = useQuery({ queryKey: KEY, queryFn: promotionsOperatorApi.banners });

  const open = (row: OperatorBanner | 'new') => {
    setEditing(row);
    form.resetFields();
    if (row === 'new') {
      form.setFieldsValue({ placement: 'popup', published: true, sort: 0, period: [dayjs(), dayjs().add(7, 'day')] });
    } else {
      form.setFieldsValue({ ...row, period: [dayjs(row.startsAt), dayjs(row.endsAt)] });
    }
  };
  const save = async (values: BannerForm) => {
    try {
      await promotionsOperatorApi.saveBanner({
        id: editing && editing !== 'new' ? editing.id : undefined,
        title: values.title,
        placement: values.placement,
        imageKey: values.imageKey,
        linkUrl: values.linkUrl ?? '',
        startsAt: values.period[0].toISOString(),
        endsAt: values.period[1].toISOString(),
        published: values.published,
        sort: values.sort,
      });
      message.success(t('promotions.operator.saved'));
      setEditing(null);
      await client.invalidateQueries({ queryKey: KEY });
    } catch (error) {
      if (isApiError(error)) applyFieldErrors(form, error, message, { startsAt: 'period', endsAt: 'period' });
    }
  };
  const remove = async (row: OperatorBanner) => {
    try {
      await promotionsOperatorApi.deleteBanner(row.id);
      message.success(t('promotions.operator.deleted'));
      await client.invalidateQueries({ queryKey: KEY });
    } catch (error) {
      if (isApiError(error)) message.error(error.msg);
    }
  };

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
        <Form<BannerForm> form={form} layout="vertical" onFinish={save} data-testid="banner-form">
          <Form.Item
            name="title"
            label={t('promotions.operator.title')}
            rules={[{ required: true, whitespace: true, message: t('promotions.operator.required') }]}
          >
            <Input maxLength={60} />
          </Form.Item>
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
          <Space size="large">
            <Form.Item name="published" label={t('promotions.operator.published')} valuePropName="checked">
              <Switch />
            </Form.Item>
            <Form.Item name="sort" label={t('promotions.operator.sort')}>
              <InputNumber min={0} max={9999} precision={0} />
            </Form.Item>
          </Space>
        </Form>
      </Modal>
    </ConsolePageFrame>
  );
}
