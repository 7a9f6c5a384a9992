import { randomUUID } from 'node:crypto';
import {
  buildFilledReturnWorkbook,
  buildStatementWorkbook,
  demoCitRow,
  demoInvoiceFixtureOptions,
  demoStatementSheets,
  demoVatRows,
  writeInvoiceExportFixture,
} from '@taxlens/engine/fixtures';
import type { Db } from '../db/kysely.js';
import type { FileStorage } from '../lib/storage.js';
import { processImport } from '../modules/imports/jobs/process-import.job.js';
import { DEMO } from './demo-seed.js';

/** The fictitious client company of the demo group, with a year of data imported the normal way. */
export const DEMO_COMPANY = {
  id: 1,
  groupId: 1,
  name: '示例科技有限公司',
  taxNo: '91440305MA5TL00030',
  regionCode: '440300',
  industryCode: 'I',
  assigneeId: 3,
} as const;

const YEARS = [2023, 2024, 2025];

/**
 * Gives the demo group a client company with invoices, statements and returns, imported through
 * the same import path a user's upload takes, so every report can be tried at once. Runs only
 * together with the user seed, on a fresh database.
 */
export async function seedDemoCompanyData(db: Db, storage: FileStorage, log: (line: string) => void): Promise<void> {
  const main = DEMO.users[0];
  await db
    .insertInto('companies')
    .values({
      id: DEMO_COMPANY.id,
      group_id: DEMO_COMPANY.groupId,
      taxpayer_name: DEMO_COMPANY.name,
      tax_no: DEMO_COMPANY.taxNo,
      region_code: DEMO_COMPANY.regionCode,
      industry_code: DEMO_COMPANY.industryCode,
      industry_name: '软件和信息技术服务业',
      taxpayer_type: 'general',
      accounting_standard: 'enterprise',
      legal_person: '示例法人',
      contact_name: '示例财务',
      contact_phone: '13700000000',
      remark: '演示数据：虚构企业，用于体验各类报告',
      invoice_limit_fen: 100_000_000,
      assignee_id: DEMO_COMPANY.assigneeId,
      created_by: main.id,
    })
    .execute();

  // Scaled to the statements and returns below; see demo-invoices.fixture.ts for the planted risks.
  const invoices = await writeInvoiceExportFixture(
    { ...demoInvoiceFixtureOptions({ taxNo: DEMO_COMPANY.taxNo, name: DEMO_COMPANY.name }), format: 'xlsx' },
    'buffer',
  );
  const files: { kind: 'invoice' | 'statement' | 'return'; name: string; bytes: Buffer }[] = [
    { kind: 'invoice', name: '示例科技_全量发票查询_2025.xlsx', bytes: invoices.buffer as Buffer },
    {
      kind: 'statement',
      name: '示例科技_财务报表_2023-2025.xlsx',
      bytes: await buildStatementWorkbook(demoStatementSheets(YEARS)),
    },
    {
      kind: 'return',
      name: '示例科技_申报表汇总_2023-2025.xlsx',
      bytes: await buildFilledReturnWorkbook({
        vat_return: YEARS.flatMap(demoVatRows),
        cit_return: YEARS.map(demoCitRow),
      }),
    },
  ];
  for (const file of files) {
    const key = `imports/${DEMO_COMPANY.groupId}/${randomUUID()}.xlsx`;
    const { size } = await storage.put(key, file.bytes);
    const row = await db
      .insertInto('imports')
      .values({
        group_id: DEMO_COMPANY.groupId,
        company_id: DEMO_COMPANY.id,
        kind: file.kind,
        file_name: file.name,
        file_size: size,
        file_sha256: 'demo-seed',
        stored_key: key,
        created_by: main.id,
        summary: '{}',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await processImport({ db, storage, log: (message) => log(`${message} (${file.name})`) }, row.id);
  }
}
