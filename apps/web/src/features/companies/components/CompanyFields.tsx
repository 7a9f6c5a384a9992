import { companyFieldsSchema } from '@taxlens/shared';
import { Form, Input, type InputProps, Select } from 'antd';
import { type SafeParser, zodRule } from '../../../lib/form-rules';
import { t } from '../../../locales';
import {
  ACCOUNTING_STANDARD_OPTIONS,
  filterByLabel,
  INDUSTRY_OPTIONS,
  REGION_OPTIONS,
  TAXPAYER_TYPE_OPTIONS,
} from '../catalogs';

/**
 * The company fields of both company forms — the bind/edit dialog and the client's share-link page —
 * with one label, placeholder, length and shared-schema rule each. How the input looks (a clear
 * button, disabled, a monospace code) stays with the form.
 */
const TEXT_FIELDS = {
  taxpayerName: { maxLength: 80, required: true },
  taxNo: { maxLength: 20, required: true },
  industryName: { maxLength: 60, required: false },
  legalPerson: { maxLength: 30, required: false },
  contactName: { maxLength: 30, required: false },
  contactPhone: { maxLength: 20, required: false },
  address: { maxLength: 120, required: false },
} as const;

/** Codes are typed and pasted with spaces and in lower case; the server keeps them upper case, unspaced. */
const normalizeTaxNo = (value: string) => value.toUpperCase().replace(/\s/g, '');

interface CompanyTextFieldProps extends Omit<InputProps, 'name' | 'required'> {
  name: keyof typeof TEXT_FIELDS;
  /** Kept in the form but not shown (the share page's company, already known). */
  hidden?: boolean;
  /** A form that asks more than companyFieldsSchema (the share page: a contact to call back). */
  required?: boolean;
  schema?: SafeParser;
}

/**
 * A required field is checked on leaving it (企业名称 and 纳税人识别号 always are); an optional one
 * only when something is typed. Placeholder and length can be narrowed by the form.
 */
export function CompanyTextField({ name, hidden, required, schema, ...input }: CompanyTextFieldProps) {
  const field = TEXT_FIELDS[name];
  const mandatory = required ?? field.required;
  return (
    <Form.Item
      name={name}
      label={t(`companies.fields.${name}`)}
      hidden={hidden}
      required={mandatory}
      rules={[zodRule(schema ?? companyFieldsSchema.shape[name])]}
      validateTrigger={mandatory ? 'onBlur' : undefined}
      normalize={name === 'taxNo' ? normalizeTaxNo : undefined}
    >
      <Input placeholder={t(`companies.placeholders.${name}`)} maxLength={field.maxLength} {...input} />
    </Form.Item>
  );
}

const CATALOG_FIELDS = {
  regionCode: { label: 'region', options: REGION_OPTIONS, searchable: true },
  industryCode: { label: 'industryCode', options: INDUSTRY_OPTIONS, searchable: true },
  taxpayerType: { label: 'taxpayerType', options: TAXPAYER_TYPE_OPTIONS, searchable: false },
  accountingStandard: { label: 'accountingStandard', options: ACCOUNTING_STANDARD_OPTIONS, searchable: false },
} as const;

/** A choice from a shared catalogue; the long lists (36 regions, 20 industries) can be searched. */
export function CompanyCatalogField({ name }: { name: keyof typeof CATALOG_FIELDS }) {
  const { label, options, searchable } = CATALOG_FIELDS[name];
  return (
    <Form.Item name={name} label={t(`companies.fields.${label}`)}>
      <Select
        options={options}
        placeholder={t(`companies.placeholders.${label}`)}
        showSearch={searchable ? { filterOption: filterByLabel } : undefined}
        allowClear
      />
    </Form.Item>
  );
}
