import { COMPANY_RISK_LOOKUPS, RISK_KINDS, RISK_LABELS, type RiskKind } from '@taxlens/shared';
import { z } from 'zod';
import type { AppInstance } from '../../app.js';
import { AppError } from '../../lib/app-error.js';
import { ok } from '../../lib/envelope.js';
import { companyDataProvider } from '../companydata/company-data.js';
import type { RiskRecord } from '../companydata/provider.types.js';
import { divisionPath } from '../companydata/regions.js';
import { DATA_VIEW_ACCESS, dataServiceCheck } from './data-right.js';

const tags = ['data-view'];
const BASE = '/api/DataAnalysisMonitoring';
const creditCode = z
  .string({ error: '请选择企业' })
  .trim()
  .toUpperCase()
  .regex(/^[0-9A-Z]{15,20}$/, '统一社会信用代码格式不正确');
const lookupBody = z.object({
  creditCode,
  page: z.coerce.number().int().min(1).max(1000).default(1),
  size: z.coerce.number().int().min(1).max(50).default(10),
});
const companyBody = z.object({ creditCode });

/** Persons a risk list names about a company (限制高消费, 失信被执行人 …): the company's own records only. */
const PERSON_KINDS: readonly RiskKind[] = [
  'consumption_restriction',
  'dishonest_debtor',
  'executed_person',
  'abnormal_taxpayer',
  'major_tax_violation',
  'abnormal_operation',
  'serious_illegal',
];

/**
 * The company pages of the data view: the company as a whole (findAnalysisEnterprises), the 15
 * risk look-ups of spec §7 one list each, and its abnormal persons, all through the company-data
 * provider (built-in datasets or the configured vendor).
 */
export async function companyViewRoutes(app: AppInstance) {
  const options = (summary: string, body: z.ZodTypeAny) => ({
    config: { access: DATA_VIEW_ACCESS },
    preValidation: dataServiceCheck,
    schema: { tags, summary, body },
  });
  const profileOrFail = async (code: string) => {
    const provider = companyDataProvider(app.db);
    const profile = await provider.profile(code);
    if (!profile) throw new AppError('NOT_FOUND', '未找到该企业，请核对统一社会信用代码');
    return { provider, profile };
  };

  app.post(
    `${BASE}/findAnalysisEnterprises`,
    options('企业详情：工商登记、股东与人员、纳税信用、各风险名单条数', companyBody),
    async (request) => {
      const { creditCode: code } = request.body as z.infer<typeof companyBody>;
      const { provider, profile } = await profileOrFail(code);
      const [shareholders, executives, investments, branches, changes, ratings, risks] = await Promise.all([
        provider.relations(code, 'shareholder'),
        provider.relations(code, 'executive'),
        provider.relations(code, 'investment'),
        provider.relations(code, 'branch'),
        provider.relations(code, 'change'),
        provider.creditRatings(code),
        provider.risks(code),
      ]);
      const countOf = (kind: RiskKind) => risks.filter((risk) => risk.kind === kind).length;
      const currentOf = (kind: RiskKind) =>
        risks.filter((risk) => risk.kind === kind && (!risk.removedOn || risk.removedOn > today())).length;
      return ok({
        provider: provider.info,
        profile: { ...profile, regionName: divisionPath(profile.regionCode) },
        shareholders,
        executives,
        investments,
        branches,
        changes,
        ratings,
        riskCounts: RISK_KINDS.map((kind) => ({
          kind,
          label: RISK_LABELS[kind],
          call: COMPANY_RISK_LOOKUPS.find((lookup) => lookup.kind === kind)?.call ?? null,
          count: countOf(kind),
          current: currentOf(kind),
        })),
      });
    },
  );

  for (const lookup of COMPANY_RISK_LOOKUPS) {
    app.post(
      `${BASE}/${lookup.call}`,
      options(`企业风险：${RISK_LABELS[lookup.kind]}`, lookupBody),
      async (request) => {
        const { creditCode: code, page, size } = request.body as z.infer<typeof lookupBody>;
        const { provider, profile } = await profileOrFail(code);
        const records = await provider.risks(code, [lookup.kind]);
        return ok({
          provider: provider.info,
          company: { creditCode: profile.creditCode, name: profile.name },
          kind: lookup.kind,
          label: RISK_LABELS[lookup.kind],
          total: records.length,
          page,
          size,
          list: records.slice((page - 1) * size, page * size),
        });
      },
    );
  }

  app.post(
    `${BASE}/findAbnormalPerson`,
    options('异常人员：企业的风险名单上点名的人员，及其在企业中的身份', companyBody),
    async (request) => {
      const { creditCode: code } = request.body as z.infer<typeof companyBody>;
      const { provider, profile } = await profileOrFail(code);
      const [records, executives, shareholders] = await Promise.all([
        provider.risks(code, PERSON_KINDS),
        provider.relations(code, 'executive'),
        provider.relations(code, 'shareholder'),
      ]);
      const rolesOf = (name: string) => [
        ...(profile.legalRep === name ? ['法定代表人'] : []),
        ...executives.filter((person) => person.name === name).map((person) => person.role ?? '主要人员'),
        ...shareholders.filter((holder) => holder.name === name).map(() => '股东'),
      ];
      const persons = new Map<string, { name: string; roles: string[]; records: RiskRecord[] }>();
      for (const record of records) {
        if (!record.personName) continue;
        // A record may name several persons (、 or ，).
        for (const name of record.personName.split(/[、，,；;]/).map((part) => part.trim())) {
          if (!name) continue;
          const entry = persons.get(name) ?? { name, roles: [...new Set(rolesOf(name))], records: [] };
          entry.records.push(record);
          persons.set(name, entry);
        }
      }
      const list = [...persons.values()].map((person) => ({
        name: person.name,
        roles: person.roles,
        kinds: [...new Set(person.records.map((record) => RISK_LABELS[record.kind]))],
        latestOn:
          person.records
            .map((record) => record.decidedOn ?? '')
            .sort()
            .at(-1) || null,
        records: person.records.map((record) => ({
          id: record.id,
          kind: record.kind,
          label: RISK_LABELS[record.kind],
          title: record.title,
          reference: record.reference,
          decidedOn: record.decidedOn,
          removedOn: record.removedOn,
          authority: record.authority,
          source: record.source,
          asOf: record.asOf,
        })),
      }));
      return ok({
        provider: provider.info,
        company: { creditCode: profile.creditCode, name: profile.name, legalRep: profile.legalRep },
        list,
      });
    },
  );
}

const today = () => new Date().toISOString().slice(0, 10);
