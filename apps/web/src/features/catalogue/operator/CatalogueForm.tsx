import {
  RISK_KINDS,
  RISK_LABELS,
  SHOP_GRANT_ASSET_LABELS,
  SHOP_ITEM_KIND_LABELS,
  SHOP_ITEM_KINDS,
} from '@taxlens/shared';
import { Col, Form, Input, InputNumber, Row, Select, Switch } from 'antd';
import { t } from '../../../locales';
import { PromotionImageField } from '../../promotions/operator/PromotionImageField';
import '../../promotions/operator/promotions-console.css';

/** The form's values: the API's item with the price in yuan (the API takes fen). */
export interface CatalogueFormValues {
  title: string;
  subheading: string;
  label: string;
  description: string;
  deliverables: string;
  riskKinds: string[];
  sortOrder: number;
  active: boolean;
  kind: 'platform' | 'partner';
  priceYuan: number | null;
  partnerName: string | null;
  coverImageKey: string | null;
  recommended: boolean;
  grantAsset: number | null;
  grantCount: number | null;
}

const RISK_OPTIONS = RISK_KINDS.map((kind) => ({ value: kind, label: RISK_LABELS[kind] }));
const KIND_OPTIONS = SHOP_ITEM_KINDS.map((kind) => ({ value: kind, label: SHOP_ITEM_KIND_LABELS[kind] }));
const GRANT_OPTIONS = Object.entries(SHOP_GRANT_ASSET_LABELS).map(([value, label]) => ({
  value: Number(value),
  label,
}));

/** The fields of one catalogue item: the data view's (0240) and the shop's (0305). */
export function CatalogueFormFields({ coverUrl }: { coverUrl: string | null }) {
  const kind = Form.useWatch<CatalogueFormValues['kind']>('kind');
  const grantAsset = Form.useWatch<number | null>('grantAsset');
  return (
    <>
      <Form.Item name="title" label={t('dataMap.product.service')} rules={[{ required: true, max: 40 }]}>
        <Input maxLength={40} />
      </Form.Item>
      <Form.Item name="subheading" label={t('dataMap.operator.subheading')} rules={[{ required: true, max: 60 }]}>
        <Input maxLength={60} />
      </Form.Item>
      <Row gutter={12}>
        <Col xs={24} sm={12}>
          <Form.Item name="label" label={t('dataMap.operator.label')} rules={[{ required: true, max: 10 }]}>
            <Input maxLength={10} />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item name="kind" label={t('shop.operator.kind')} rules={[{ required: true }]}>
            <Select options={KIND_OPTIONS} data-testid="catalogue-kind" />
          </Form.Item>
        </Col>
      </Row>
      {kind === 'partner' && (
        <Form.Item
          name="partnerName"
          label={t('shop.operator.partnerName')}
          rules={[{ required: true, whitespace: true, message: '请输入合作机构名称' }]}
        >
          <Input maxLength={40} />
        </Form.Item>
      )}
      <Form.Item name="description" label={t('dataMap.operator.description')} rules={[{ required: true, max: 1000 }]}>
        <Input.TextArea maxLength={1000} autoSize={{ minRows: 3 }} />
      </Form.Item>
      <Form.Item name="deliverables" label={t('dataMap.product.deliverables')} rules={[{ required: true, max: 300 }]}>
        <Input maxLength={300} />
      </Form.Item>
      <Row gutter={12}>
        <Col xs={24} sm={12}>
          <Form.Item
            name="priceYuan"
            label={t('shop.operator.price')}
            extra={t('shop.operator.priceHint')}
            rules={[{ required: grantAsset != null, message: '到账次数的商品须设置价格' }]}
          >
            <InputNumber min={0.01} max={1_000_000} precision={2} style={{ width: '100%' }} />
          </Form.Item>
        </Col>
        <Col xs={12} sm={6}>
          <Form.Item name="recommended" label={t('shop.operator.recommended')} valuePropName="checked">
            <Switch />
          </Form.Item>
        </Col>
        <Col xs={12} sm={6}>
          <Form.Item name="active" label={t('dataMap.operator.on')} valuePropName="checked">
            <Switch />
          </Form.Item>
        </Col>
      </Row>
      <Row gutter={12}>
        <Col xs={24} sm={14}>
          <Form.Item name="grantAsset" label={t('shop.operator.grantAsset')} extra={t('shop.operator.grantHint')}>
            <Select options={GRANT_OPTIONS} allowClear />
          </Form.Item>
        </Col>
        <Col xs={24} sm={10}>
          <Form.Item
            name="grantCount"
            label={t('shop.operator.grantCount')}
            rules={[{ required: grantAsset != null, message: '请输入到账次数' }]}
          >
            <InputNumber min={1} max={100_000} precision={0} style={{ width: '100%' }} disabled={grantAsset == null} />
          </Form.Item>
        </Col>
      </Row>
      <Form.Item name="coverImageKey" label={t('shop.operator.cover')}>
        <PromotionImageField initialUrl={coverUrl} />
      </Form.Item>
      {kind !== 'partner' && (
        <Form.Item name="riskKinds" label={t('dataMap.operator.riskKinds')} extra={t('dataMap.operator.riskKindsHint')}>
          <Select mode="multiple" options={RISK_OPTIONS} allowClear />
        </Form.Item>
      )}
      <Form.Item name="sortOrder" label={t('dataMap.operator.sortOrder')} rules={[{ required: true }]}>
        <InputNumber min={0} max={9999} precision={0} />
      </Form.Item>
    </>
  );
}
