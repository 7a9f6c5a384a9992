import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../../../test/factories.js';
import { createTestContext, multipartBody, type TestContext } from '../../../../test/helpers.js';

let ctx: TestContext;
let operator: string;

beforeAll(async () => {
  // The dataset route's own limit (DATASET_UPLOAD_MAX_MB, 1 024 by default, above the general 50 MB
  // of uploads: one version replaces the whole list), set low here to try it with a small file.
  ctx = await createTestContext({ env: { DATASET_UPLOAD_MAX_MB: '1' } });
  const user = await createUser(ctx.db, { groupId: null });
  await ctx.db
    .updateTable('users')
    .set({ operator_roles: ['content'] })
    .where('id', '=', user.id)
    .execute();
  operator = await ctx.login(user.phone);
});
afterAll(() => ctx.close());

function registry(rows: number): Buffer {
  const lines = ['统一社会信用代码,企业名称,法定代表人,登记状态'];
  for (let index = 0; index < rows; index += 1)
    lines.push(`91440300MA5X${String(index).padStart(6, '0')},上限测试${index}有限公司,某某,存续`);
  return Buffer.from(lines.join('\n'));
}

async function upload(content: Buffer) {
  const body = multipartBody(
    { listKey: 'companies', source: '上限测试', asOf: '2025-11-20' },
    { filename: 'registry.csv', content },
  );
  const raw = await ctx.app.inject({
    method: 'POST',
    url: '/api/operator/companyData/import',
    headers: { token: operator, ...body.headers },
    payload: body.payload,
  });
  return { status: raw.statusCode, msg: raw.json().msg as string };
}

describe('dataset file size', () => {
  it('refuses a file above the dataset limit with its size in the message, importing nothing', async () => {
    const before = await ctx.db.selectFrom('cd_datasets').select('id').execute();
    const big = registry(30_000);
    expect(big.length).toBeGreaterThan(1024 * 1024);
    const answer = await upload(big);
    expect(answer).toEqual({ status: 413, msg: '文件超过数据集上传上限（1 MB），未导入' });
    expect(await ctx.db.selectFrom('cd_datasets').select('id').execute()).toEqual(before);
  });
});
