import { type Company, checkCreditCode, companyFieldsSchema, parseYuanToFen, type TaxpayerType } from '@taxlens/shared';
import type { FormRule } from 'antd';
import { t } from '../../../locales';
import type { CompanyBody } from '../api';

/**
 * The company form of the bind/edit dialog: what the inputs hold (text, the limit in 元) and
 * how it becomes the body of bindFirm/updateFirm (limit in fen, emptied fields as null).
 */
export interface CompanyFormValues {
  taxpayerName: string;
  taxNo: string;
  regionCode?: string | null;
  industryCode?: string | null;
  industryName?: string;
  taxpayerType?: TaxpayerType | null;
  accountingStandard?: 'enterprise' | 'small_enterprise' | null;
  invoiceLimitYuan?: string;
  legalPerson?: string;
  contactName?: string;
  contactPhone?: string;
  address?: string;
  remark?: string;
  assigneeId?: number | null;
}

/** Server field names that differ from the form's (data.fields of a 400 answer). */
const SERVER_FIELDS: Record<string, keyof CompanyFormValues> = { invoiceLimitFen: 'invoiceLimitYuan' };

export function formFieldOf(serverField: string): keyof CompanyFormValues | null {
  if (serverField in SERVER_FIELDS) return SERVER_FIELDS[serverField] ?? null;
  return serverField in companyFieldsSchema.shape ? (serverField as keyof CompanyFormValues) : null;
}

/** 100000000 fen → "1000000", 12345 → "123.45": a plain number a person can edit. */
export function fenToYuanText(fen: number | null | undefined): string {
  if (fen === null || fen === undefined) return '';
  const negative = fen < 0;
  const abs = Math.abs(fen);
  const cents = abs % 100;
  const yuan = `${Math.floor(abs / 100)}${cents === 0 ? '' : `.${String(cents).padStart(2, '0').replace(/0$/, '')}`}`;
  return negative ? `-${yuan}` : yuan;
}

/** The limit typed in 元 → fen; null when empty, NaN when it is not an amount. */
export function invoiceLimitFen(text: string | undefined): number | null {
  const trimmed = text?.trim() ?? '';
  if (trimmed === '') return null;
  return parseYuanToFen(trimmed) ?? Number.NaN;
}

const text = (value: string | undefined | null): string | null => {
  const trimmed = value?.trim() ?? '';
  return trimmed === '' ? null : trimmed;
};

export function toCompanyBody(values: CompanyFormValues, options: { withAssignee: boolean }): CompanyBody {
  const limit = invoiceLimitFen(values.invoiceLimitYuan);
  const body: CompanyBody = {
    taxpayerName: values.taxpayerName.trim(),
    taxNo: values.taxNo.trim().toUpperCase(),
    regionCode: values.regionCode ?? null,
    industryCode: values.industryCode ?? null,
    industryName: text(values.industryName),
    taxpayerType: values.taxpayerType ?? null,
    accountingStandard: values.accountingStandard ?? null,
    legalPerson: text(values.legalPerson),
    contactName: text(values.contactName),
    contactPhone: text(values.contactPhone),
    address: text(values.address),
    remark: text(values.remark),
    invoiceLimitFen: Number.isNaN(limit) ? null : limit,
  };
  if (options.withAssignee) body.assigneeId = values.assigneeId ?? null;
  return body;
}

export function fromCompany(company: Company): CompanyFormValues {
  return {
    taxpayerName: company.taxpayerName,
    taxNo: company.taxNo,
    regionCode: company.regionCode,
    industryCode: company.industryCode,
    industryName: company.industryName ?? '',
    taxpayerType: company.taxpayerType,
    accountingStandard: company.accountingStandard,
    invoiceLimitYuan: fenToYuanText(company.invoiceLimitFen),
    legalPerson: company.legalPerson ?? '',
    contactName: company.contactName ?? '',
    contactPhone: company.contactPhone ?? '',
    address: company.address ?? '',
    remark: company.remark ?? '',
    assigneeId: company.assignee?.userId ?? null,
  };
}

/** An 18-character code that is well formed but fails its check digit (saved with a warning). */
export function hasChecksumWarning(taxNo: string | undefined): boolean {
  const value = taxNo?.trim().toUpperCase() ?? '';
  return value.length === 18 && checkCreditCode(value) === 'checksum-mismatch';
}

export const invoiceLimitRule: FormRule = {
  validator: async (_rule, value: string | undefined) => {
    const fen = invoiceLimitFen(value);
    if (fen === null) return;
    if (Number.isNaN(fen)) throw new Error(t('companies.form.invoiceLimitInvalid'));
    const result = companyFieldsSchema.shape.invoiceLimitFen.safeParse(fen);
    if (!result.success) throw new Error(result.error.issues[0]?.message ?? '');
  },
};
