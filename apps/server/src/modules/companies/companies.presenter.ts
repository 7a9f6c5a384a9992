import { type Company, industrySectionName, maskPhone, regionName } from '@taxlens/shared';
import type { CompanyRow } from './companies.repo.js';

export function presentCompany(row: CompanyRow): Company {
  return {
    firmId: row.id,
    taxpayerName: row.taxpayer_name,
    taxNo: row.tax_no,
    taxNoWarning: row.tax_no_warning,
    regionCode: row.region_code,
    regionName: regionName(row.region_code),
    industryCode: row.industry_code,
    industryName: row.industry_name,
    industrySectionName: industrySectionName(row.industry_code),
    taxpayerType: row.taxpayer_type,
    accountingStandard: row.accounting_standard,
    legalPerson: row.legal_person,
    contactName: row.contact_name,
    contactPhone: row.contact_phone,
    address: row.address,
    remark: row.remark,
    invoiceLimitFen: row.invoice_limit_fen,
    assignee:
      row.assignee_id === null
        ? null
        : { userId: row.assignee_id, name: row.assignee_name ?? maskPhone(row.assignee_phone) },
    createTime: row.created_at.toISOString(),
    updateTime: row.updated_at.toISOString(),
  };
}
