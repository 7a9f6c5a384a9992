import {
  INDUSTRY_SECTIONS,
  TOKER_AGES,
  TOKER_SIGNALS,
  TOKER_SIZES,
  TOKER_STATUSES,
  type TokerFilters,
} from '@taxlens/shared';
import { Button, Checkbox, Col, Form, Row, Select, Space, Tooltip } from 'antd';
import { t } from '../../../locales';
import { RegionPicker, type RegionValue, regionCodeOf } from './RegionPicker';

interface FormValues extends Omit<TokerFilters, 'regionCode'> {
  region?: RegionValue;
}

const options = <T extends { key: string; label: string }>(items: readonly T[]) =>
  items.map((item) => ({ value: item.key, label: item.label }));

/** The filters of the prospect search; empty selects are left out of the request. */
export function TokerFilterForm({
  onSubmit,
  loading,
}: {
  onSubmit: (filters: TokerFilters) => void;
  loading: boolean;
}) {
  const [form] = Form.useForm<FormValues>();
  const finish = ({ region, ...rest }: FormValues) => {
    const filters: TokerFilters = { regionCode: region ? regionCodeOf(region) : undefined, ...rest };
    const cleaned = Object.fromEntries(
      Object.entries(filters).filter(([, value]) => value !== undefined && value !== null && value !== ''),
    ) as TokerFilters;
    if (cleaned.signals?.length === 0) delete cleaned.signals;
    onSubmit(cleaned);
  };
  const span = { xs: 24, md: 12, xl: 8 };
  return (
    <Form<FormValues> form={form} layout="vertical" onFinish={finish} data-testid="toker-filters">
      <Row gutter={16}>
        <Col xs={24} xl={16}>
          <Form.Item name="region" label={t('toker.search.region')}>
            <RegionPicker />
          </Form.Item>
        </Col>
        <Col {...span}>
          <Form.Item name="industry" label={t('toker.search.industry')}>
            <Select
              allowClear
              showSearch
              optionFilterProp="label"
              placeholder={t('toker.search.any')}
              options={INDUSTRY_SECTIONS.map((section) => ({ value: section.code, label: section.name }))}
              data-testid="toker-industry"
            />
          </Form.Item>
        </Col>
        <Col {...span}>
          <Form.Item name="size" label={t('toker.search.size')}>
            <Select allowClear placeholder={t('toker.search.any')} options={options(TOKER_SIZES)} />
          </Form.Item>
        </Col>
        <Col {...span}>
          <Form.Item name="age" label={t('toker.search.age')}>
            <Select allowClear placeholder={t('toker.search.any')} options={options(TOKER_AGES)} />
          </Form.Item>
        </Col>
        <Col {...span}>
          <Form.Item name="taxpayerType" label={t('toker.search.taxpayerType')}>
            <Select
              allowClear
              placeholder={t('toker.search.any')}
              options={[
                { value: 'general', label: t('toker.search.general') },
                { value: 'small_scale', label: t('toker.search.smallScale') },
              ]}
            />
          </Form.Item>
        </Col>
        <Col {...span}>
          <Form.Item name="status" label={t('toker.search.status')}>
            <Select allowClear placeholder={t('toker.search.any')} options={options(TOKER_STATUSES)} />
          </Form.Item>
        </Col>
        <Col xs={24} xl={16}>
          <Form.Item name="signals" label={t('toker.search.signals')}>
            <Checkbox.Group data-testid="toker-signals">
              <Space wrap>
                {TOKER_SIGNALS.map((signal) => (
                  <Tooltip key={signal.key} title={signal.hint}>
                    <Checkbox value={signal.key}>{signal.label}</Checkbox>
                  </Tooltip>
                ))}
              </Space>
            </Checkbox.Group>
          </Form.Item>
        </Col>
      </Row>
      <Space>
        <Button type="primary" htmlType="submit" loading={loading} data-testid="toker-submit">
          {t('toker.search.submit')}
        </Button>
        <Button onClick={() => form.resetFields()}>{t('toker.search.reset')}</Button>
      </Space>
    </Form>
  );
}
