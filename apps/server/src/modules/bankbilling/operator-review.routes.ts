import {
  BANK_STATEMENT_STATES,
  maskPhone,
  type OperatorBankStatement,
  operatorBankStatementQuerySchema,
  operatorBankStatementSchema,
  pageSchema,
} from '@taxlens/shared';
import { sql } from 'kysely';
import { z } from 'zod';
import type { AppInstance } from '../../app.js';
import type { Db } from '../../db/kysely.js';
import { notFound } from '../../lib/app-error.js';
import { envelope, ok } from '../../lib/envelope.js';
import { sendPdf } from '../../lib/send-file.js';
import { operatorAccess } from '../../plugins/access.js';
import { agreementsQuery } from './bank-billing.service.js';

const tags = ['operator'];
const FINANCE = operatorAccess('finance');

function reviewQuery(db: Db) {
  return agreementsQuery(db)
    .innerJoin('groups as g', 'g.id', 'c.group_id')
    .select(['c.group_id', 'g.name as group_name', 'c.reviewed_at']);
}

type Row = Awaited<ReturnType<ReturnType<typeof reviewQuery>['executeTakeFirstOrThrow']>>;

/** The operator compares the agreement with its signed PDF, so the account number is shown in full. */
function present(row: Row): OperatorBankStatement {
  return {
    id: row.id,
    groupId: row.group_id,
    groupName: row.group_name,
    bankName: row.bank_name,
    accountName: row.account_name,
    accountNo: row.account_no,
    validFrom: row.valid_from,
    validTo: row.valid_to,
    fileName: row.file_name,
    state: row.state,
    stateLabel: BANK_STATEMENT_STATES[row.state],
    reviewNote: row.review_note,
    createdBy: row.nick_name ?? maskPhone(row.phone),
    createTime: row.created_at.toISOString(),
    reviewTime: row.reviewed_at ? new Date(row.reviewed_at).toISOString() : null,
  };
}

/** The 财务 operator's side of bank-statement billing: what waits for review, and each signed PDF. */
export async function bankStatementOperatorRoutes(app: AppInstance) {
  app.get(
    '/api/operator/bankStatement/list',
    {
      config: { access: FINANCE },
      schema: {
        tags,
        summary: '银行账单结算签约（全部机构，待审核在前）',
        querystring: operatorBankStatementQuerySchema,
        response: { 200: envelope(pageSchema(operatorBankStatementSchema)) },
      },
    },
    async (request) => {
      const { state, page, size } = request.query;
      let query = reviewQuery(app.db);
      if (state) query = query.where('c.state', '=', state);
      const [rows, total] = await Promise.all([
        query
          .orderBy(sql`c.state = 'pending'`, 'desc')
          .orderBy('c.created_at', 'desc')
          .orderBy('c.id', 'desc')
          .limit(size)
          .offset((page - 1) * size)
          .execute(),
        app.db
          .selectFrom('bank_statement_configs')
          .select(sql<number>`count(*)::int`.as('n'))
          .where('deleted_at', 'is', null)
          .$if(Boolean(state), (q) => q.where('state', '=', state as NonNullable<typeof state>))
          .executeTakeFirstOrThrow(),
      ]);
      return ok({ list: rows.map(present), total: total.n, page, size });
    },
  );

  app.get(
    '/api/operator/bankStatement/download',
    {
      config: { access: FINANCE },
      schema: {
        tags,
        summary: '下载机构上传的签章协议',
        querystring: z.object({ id: z.coerce.number().int().positive() }),
      },
    },
    async (request, reply) => {
      const row = await reviewQuery(app.db).where('c.id', '=', request.query.id).executeTakeFirst();
      if (!row) throw notFound('协议不存在或已删除');
      const name = row.file_name.endsWith('.pdf') ? row.file_name : `${row.file_name}.pdf`;
      return sendPdf(reply, name, await app.storage.read(row.file_key));
    },
  );
}
