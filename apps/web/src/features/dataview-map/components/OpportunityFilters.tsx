import {
  INDUSTRY_SECTIONS,
  type OpportunityFilter,
  REGISTRATION_KEYS,
  REGISTRATION_LABELS,
  RISK_KINDS,
  RISK_LABELS,
  TAXPAYER_TYPE_LABELS,
} from '@taxlens/shared';
import { Button, Checkbox, DatePicker, Form, InputNumber, Select, Space } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { t } from '../../../locales';

interface FormValues {
  industries?: string[];
  registrations?: string[];
  taxpayerTypes?: string[];
  months?: [Dayjs | null, Dayjs | null] | null;
  capitalMinWan?: number | null;
  capitalMaxWan?: number | null;
  riskKinds?: string[];
  noRisk?: boolean;
}

const options = <T extends string>(entries: [T, string][]) => entries.map(([value, label]) => ({ value, label }));

/** The filters of the map and business-opportunity pages (the area is chosen on the map). */
export function OpportunityFilters({
  filter,
  onChange,
}: {
  filter: OpportunityFilter;
  onChange: (next: OpportunityFilter) => void;
}) {
  const initial: FormValues = {
    industries: filter.industries,
    registrations: filter.registrations,
    taxpayerTypes: filter.taxpayerTypes,
    months:
      filter.establishedFrom || filter.establishedTo
        ? [
            filter.establishedFrom ? dayjs(`${filter.establishedFrom}-01`) : null,
            filter.establishedTo ? dayjs(`${filter.establishedTo}-01`) : null,
          ]
        : null,
    capitalMinWan: filter.capitalMinWan,
    capitalMaxWan: filter.capitalMaxWan,
    riskKinds: filter.riskKinds,
    noRisk: filter.noRisk,
  };
  const submit = (values: FormValues) => {
    const next: Record<string, unknown> = { areaCode: filter.areaCode };
    if (values.industries?.length) next.industries = values.industries;
    if (values.registrations?.length) next.registrations = values.registrations;
    if (values.taxpayerTypes?.length) next.taxpayerTypes = values.taxpayerTypes;
    if (values.months?.[0]) next.establishedFrom = values.months[0].format('YYYY-MM');
    if (values.months?.[1]) next.establishedTo = values.months[1].format('YYYY-MM');
    if (typeof values.capitalMinWan === 'number') next.capitalMinWan = values.capitalMinWan;
    if (typeof values.capitalMaxWan === 'number') next.capitalMaxWan = values.capitalMaxWan;
    if (values.riskKinds?.length) next.riskKinds = values.riskKinds;
    if (values.noRisk) next.noRisk = true;
    onChange(next as OpportunityFilter);
  };
  return (
    <Form<FormValues>
      key={JSON.stringify(filter)}
      layout="inline"
      initialValues={initial}
      onFinish={submit}
      className="tl-dm-filters"
      data-testid="opportunity-filters"
    >
      <Form.Item name="industries">
        <Select
          mode="multiple"
          allowClear
          maxTagCount={1}
          placeholder={t('dataMap.filters.industry')}
          options={INDUSTRY_SECTIONS.map((section) => ({ value: section.code, label: section.name }))}
          style={{ width: 200 }}
          data-testid="filter-industry"
        />
      </Form.Item>
      <Form.Item name="registrations">
        <Select
          mode="multiple"
          allowClear
          maxTagCount={1}
          placeholder={t('dataMap.filters.registration')}
          options={options(REGISTRATION_KEYS.map((key) => [key, REGISTRATION_LABELS[key]]))}
          style={{ width: 160 }}
        />
      </Form.Item>
      <Form.Item name="taxpayerTypes">
        <Select
          mode="multiple"
          allowClear
          placeholder={t('dataMap.filters.taxpayer')}
          options={options(Object.entries(TAXPAYER_TYPE_LABELS) as [string, string][])}
          style={{ width: 170 }}
        />
      </Form.Item>
      <Form.Item name="months">
        <DatePicker.RangePicker
          picker="month"
          allowEmpty={[true, true]}
          placeholder={[t('dataMap.filters.establishedFrom'), t('dataMap.filters.establishedTo')]}
          style={{ width: 230 }}
        />
      </Form.Item>
      <Form.Item>
        <Space.Compact>
          <Form.Item name="capitalMinWan" noStyle>
            <InputNumber min={0} placeholder={t('dataMap.filters.capitalMin')} style={{ width: 130 }} />
          </Form.Item>
          <Form.Item name="capitalMaxWan" noStyle>
            <InputNumber min={0} placeholder={t('dataMap.filters.capitalMax')} style={{ width: 130 }} />
          </Form.Item>
        </Space.Compact>
      </Form.Item>
      <Form.Item name="riskKinds">
        <Select
          mode="multiple"
          allowClear
          maxTagCount={1}
          placeholder={t('dataMap.filters.risk')}
          options={RISK_KINDS.map((kind) => ({ value: kind, label: RISK_LABELS[kind] }))}
          style={{ width: 180 }}
        />
      </Form.Item>
      <Form.Item name="noRisk" valuePropName="checked">
        <Checkbox>{t('dataMap.filters.noRisk')}</Checkbox>
      </Form.Item>
      <Form.Item>
        <Space>
          <Button type="primary" htmlType="submit" data-testid="filter-apply">
            {t('dataMap.filters.apply')}
          </Button>
          <Button onClick={() => onChange(filter.areaCode ? { areaCode: filter.areaCode } : {})}>
            {t('dataMap.filters.reset')}
          </Button>
        </Space>
      </Form.Item>
    </Form>
  );
}
