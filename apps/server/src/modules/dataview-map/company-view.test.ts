import { COMPANY_RISK_LOOKUPS, deniedTypeOf, RISK_LABELS } from '@taxlens/shared';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../../test/factories.js';
import { createTestContext, type TestContext } from '../../../test/helpers.js';
import { DEMO_CLIENT } from '../companydata/seed/demo-company-data.js';
import { DATA_SERVICE_MESSAGES } from '../dataview/data-service.js';

let ctx: TestContext;
let main: string;
const BASE = '/api/DataAnalysisMonitoring';

beforeAll(async () => {
  ctx = await createTestContext();
  await ctx.db.updateTable('groups').set({ data_price_auth: 1 }).where('id', '=', 1).execute();
  main = await ctx.login('13800000001');
});
afterAll(() => ctx.close());

describe('company pages of the data view', () => {
  it('findAnalysisEnterprises: registry, people, ratings and a count per risk list', async () => {
    const answer = await ctx.call('POST', `${BASE}/findAnalysisEnterprises`, {
      token: main,
      body: { creditCode: DEMO_CLIENT.code },
    });
    expect(answer.code, answer.msg).toBe(0);
    expect(answer.data.profile).toMatchObject({ creditCode: DEMO_CLIENT.code, name: DEMO_CLIENT.name });
    expect(answer.data.profile.regionName).toBe('广东省深圳市南山区');
    expect(answer.data.shareholders.length).toBeGreaterThan(0);
    expect(answer.data.provider.id).toBe('builtin');
    expect(answer.data.riskCounts).toHaveLength(17);
    const counts = await sql<{ kind: string; n: string }>`
      SELECT kind, count(*) AS n FROM cd_risks WHERE credit_code = ${DEMO_CLIENT.code} GROUP BY kind`.execute(ctx.db);
    for (const row of counts.rows) {
      expect(answer.data.riskCounts.find((item: { kind: string }) => item.kind === row.kind).count).toBe(Number(row.n));
    }
  });

  it('answers each of the 15 risk look-ups with that list’s records of the company', async () => {
    expect(COMPANY_RISK_LOOKUPS).toHaveLength(15);
    let withRecords = 0;
    for (const lookup of COMPANY_RISK_LOOKUPS) {
      const sample = await sql<{ credit_code: string; n: string }>`
        SELECT credit_code, count(*) AS n FROM cd_risks WHERE kind = ${lookup.kind}
        GROUP BY credit_code ORDER BY count(*) DESC, credit_code LIMIT 1`.execute(ctx.db);
      const code = sample.rows[0]?.credit_code ?? DEMO_CLIENT.code;
      const answer = await ctx.call('POST', `${BASE}/${lookup.call}`, { token: main, body: { creditCode: code } });
      expect(answer.code, `${lookup.call}: ${answer.msg}`).toBe(0);
      expect(answer.data.label).toBe(RISK_LABELS[lookup.kind]);
      expect(answer.data.total).toBe(Number(sample.rows[0]?.n ?? 0));
      for (const record of answer.data.list) {
        expect(record.kind).toBe(lookup.kind);
        expect(record.creditCode).toBe(code);
        expect(record.source).toBeTruthy();
        expect(record.asOf).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      }
      if (answer.data.total > 0) withRecords += 1;
    }
    // The demo data has records on (nearly) every list; the look-ups must find them.
    expect(withRecords).toBeGreaterThanOrEqual(12);
  });

  it('findAbnormalPerson lists the persons the company’s risk records name', async () => {
    const sample = await sql<{ credit_code: string; person_name: string }>`
      SELECT credit_code, person_name FROM cd_risks
      WHERE kind = 'consumption_restriction' AND person_name IS NOT NULL ORDER BY id LIMIT 1`.execute(ctx.db);
    const row = sample.rows[0];
    expect(row).toBeDefined();
    const answer = await ctx.call('POST', `${BASE}/findAbnormalPerson`, {
      token: main,
      body: { creditCode: row?.credit_code },
    });
    expect(answer.code, answer.msg).toBe(0);
    const person = answer.data.list.find((item: { name: string }) => item.name === row?.person_name);
    expect(person.kinds).toContain('限制高消费');
    expect(person.records[0].source).toBeTruthy();
  });

  it('refuses a malformed or unknown credit code', async () => {
    const malformed = await ctx.call('POST', `${BASE}/penalty`, { token: main, body: { creditCode: '12-34' } });
    expect(malformed.status).toBe(400);
    expect(malformed.msg).toContain('统一社会信用代码格式不正确');
    const unknown = await ctx.call('POST', `${BASE}/findAnalysisEnterprises`, {
      token: main,
      body: { creditCode: '91440300MA5XXXXXX0' },
    });
    expect(unknown.status).toBe(404);
    expect(unknown.msg).toBe('未找到该企业，请核对统一社会信用代码');
  });

  it('needs monitoringAnalyze and the data right (403 for every call)', async () => {
    const staff = await createUser(ctx.db, {
      groupId: 1,
      level: 2,
      notMenus: [{ type: deniedTypeOf('monitoringAnalyze'), permission: 'monitoringAnalyze' }],
    });
    const staffToken = await ctx.login(staff.phone);
    const other = await ctx.login('13900000001');
    const calls = ['findAnalysisEnterprises', 'findAbnormalPerson', ...COMPANY_RISK_LOOKUPS.map((item) => item.call)];
    for (const call of calls) {
      const denied = await ctx.call('POST', `${BASE}/${call}`, {
        token: staffToken,
        body: { creditCode: DEMO_CLIENT.code },
      });
      expect(denied.status, call).toBe(403);
      const unpaid = await ctx.call('POST', `${BASE}/${call}`, {
        token: other,
        body: { creditCode: DEMO_CLIENT.code },
      });
      expect(unpaid.status, call).toBe(403);
      expect(unpaid.msg).toBe(DATA_SERVICE_MESSAGES[0]);
    }
  });
});
