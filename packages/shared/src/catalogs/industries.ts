/** Sections (门类) of the national industry classification GB/T 4754-2017. */
export const INDUSTRY_SECTIONS = [
  { code: 'A', name: '农、林、牧、渔业' },
  { code: 'B', name: '采矿业' },
  { code: 'C', name: '制造业' },
  { code: 'D', name: '电力、热力、燃气及水生产和供应业' },
  { code: 'E', name: '建筑业' },
  { code: 'F', name: '批发和零售业' },
  { code: 'G', name: '交通运输、仓储和邮政业' },
  { code: 'H', name: '住宿和餐饮业' },
  { code: 'I', name: '信息传输、软件和信息技术服务业' },
  { code: 'J', name: '金融业' },
  { code: 'K', name: '房地产业' },
  { code: 'L', name: '租赁和商务服务业' },
  { code: 'M', name: '科学研究和技术服务业' },
  { code: 'N', name: '水利、环境和公共设施管理业' },
  { code: 'O', name: '居民服务、修理和其他服务业' },
  { code: 'P', name: '教育' },
  { code: 'Q', name: '卫生和社会工作' },
  { code: 'R', name: '文化、体育和娱乐业' },
  { code: 'S', name: '公共管理、社会保障和社会组织' },
  { code: 'T', name: '国际组织' },
] as const;

export type IndustrySectionCode = (typeof INDUSTRY_SECTIONS)[number]['code'];

export function industrySectionName(code: string | null | undefined): string {
  return INDUSTRY_SECTIONS.find((section) => section.code === code)?.name ?? '-';
}

export const ACCOUNTING_STANDARDS = [
  { value: 'enterprise', label: '企业会计准则' },
  { value: 'small_enterprise', label: '小企业会计准则' },
] as const;
