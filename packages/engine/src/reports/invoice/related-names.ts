import { normaliseName } from './counterparty-identity.js';

/**
 * The 字号 (trade-name stem) of a Chinese company name, to spot counterparties that share the
 * company's name: 山东天诚科技有限公司 and 天诚(山东)贸易有限公司 both give 天诚. Region prefixes and
 * bracketed regions, the legal form, a branch suffix and common business words are removed; what is
 * left must be at least two characters, else there is no usable stem.
 */

const PROVINCES =
  /^(北京|天津|上海|重庆|河北|山西|辽宁|吉林|黑龙江|江苏|浙江|安徽|福建|江西|山东|河南|湖北|湖南|广东|海南|四川|贵州|云南|陕西|甘肃|青海|内蒙古|广西|西藏|宁夏|新疆|香港|澳门)(省|市|自治区|壮族自治区|回族自治区|维吾尔自治区)?/;
const CITY = /^[\u4e00-\u9fa5]{2,3}(市|区|县)/;
// The first legal-form word ends the stem: 天诚贸易有限公司上海分公司 → 天诚贸易.
const LEGAL_FORM =
  /(股份有限公司|有限责任公司|有限公司|集团|股份公司|公司|合伙企业|个人独资企业|商行|经营部|门市部|工作室|分店|店|厂)/;
// Business words at the end of a name; stripped one after another (天诚科技发展 → 天诚).
const BUSINESS_WORDS =
  /(科技|技术|贸易|商贸|实业|投资|控股|发展|建设|建筑|工程|物流|供应链|管理|咨询|服务|信息|网络|电子|机械|设备|制造|新材料|材料|能源|环保|物业|置业|地产|房地产|餐饮|文化|传媒|广告|医药|生物|食品|电气|化工|国际|进出口|集团)$/;

export function nameStem(name: string): string | null {
  let text = normaliseName(name).replace(/\([^)]*\)/g, '');
  const form = LEGAL_FORM.exec(text);
  if (form) text = text.slice(0, form.index);
  text = text.replace(PROVINCES, '');
  // A city prefix only when a stem of two or more characters remains after it.
  const city = CITY.exec(text);
  if (city && text.length - city[0].length >= 2) text = text.slice(city[0].length);
  for (let guard = 0; guard < 4; guard += 1) {
    const next = text.replace(BUSINESS_WORDS, '');
    if (next === text || next.length < 2) break;
    text = next;
  }
  return text.length >= 2 ? text : null;
}

/** Why a counterparty looks related to the company, or null. */
export function relationOf(
  company: { taxNo: string; name: string },
  party: { taxNo: string; name: string },
): string | null {
  const ownTaxNo = company.taxNo.trim().toUpperCase();
  const taxNo = party.taxNo.trim().toUpperCase();
  if (taxNo && ownTaxNo && taxNo === ownTaxNo) return null; // the company itself: INV_SELF_COUNTERPARTY
  // Branches registered before 2015 often carry the head office's number with a two-digit suffix.
  if (taxNo && ownTaxNo && taxNo.length > ownTaxNo.length && taxNo.startsWith(ownTaxNo)) return '税号以本企业税号开头';
  const ownName = normaliseName(company.name);
  const partyName = normaliseName(party.name);
  if (ownName && partyName.startsWith(ownName) && partyName.length > ownName.length)
    return '名称含本企业全称（分支机构）';
  const stem = nameStem(company.name);
  if (stem && nameStem(party.name) === stem) return `字号相同（${stem}）`;
  return null;
}
