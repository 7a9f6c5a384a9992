import JSZip from 'jszip';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, multipartBody, type TestContext } from '../../../test/helpers.js';
import { latestAudit, staffToken } from '../operator/test-support.js';

let ctx: TestContext;
let main: string;
let content: string;

const META = {
  issuer: '测试税务局',
  issuedOn: '2024-06-01',
  taxKind: '测试税种',
  status: '有效',
  summary: '测试用文件，由测试编写。',
  source: '测试编写',
};

/** A minimal Word document (the parts mammoth reads), one paragraph per line. */
async function docx(lines: string[]): Promise<Buffer> {
  const zip = new JSZip();
  zip.file(
    '[Content_Types].xml',
    '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>',
  );
  zip.file(
    '_rels/.rels',
    '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>',
  );
  const paragraphs = lines.map((line) => `<w:p><w:r><w:t>${line}</w:t></w:r></w:p>`).join('');
  zip.file(
    'word/document.xml',
    `<?xml version="1.0" encoding="UTF-8"?><w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body>${paragraphs}</w:body></w:document>`,
  );
  return zip.generateAsync({ type: 'nodebuffer' });
}

async function upload(token: string, fields: Record<string, string>, file: { filename: string; content: Buffer }) {
  const body = multipartBody(fields, file);
  const raw = await ctx.app.inject({
    method: 'POST',
    url: '/api/operator/policy/upload',
    headers: { token, ...body.headers },
    payload: body.payload,
  });
  return { status: raw.statusCode, ...raw.json() };
}

const search = async (keyword: string) =>
  (await ctx.call('GET', '/api/PolicyInfo/findList', { token: main, query: { keyword } })).data;

beforeAll(async () => {
  ctx = await createTestContext();
  main = await ctx.login('13800000001');
  content = (await staffToken(ctx, ['content'])).token;
});
afterAll(() => ctx.close());

describe('operator policy import by file (docx, html, txt, json)', () => {
  it('imports each kind with its full text, searchable by a word inside an article', async () => {
    const word = await docx([
      '为规范试验事项，制定本办法。',
      '第一条 本办法适用于试验事项。',
      '第二条 纳税人办理樱桃登记时应当提交申请表。',
    ]);
    const fromDocx = await upload(
      content,
      { ...META, docNo: '测试公告2024年第11号', title: 'Word导入办法' },
      { filename: '办法.docx', content: word },
    );
    expect(fromDocx.code, fromDocx.msg).toBe(0);
    expect(fromDocx.data).toMatchObject({ kind: 'docx', articles: 3 });
    expect((await search('樱桃登记')).list[0].docNo).toBe('测试公告2024年第11号');

    const html = Buffer.from(
      '<html><head><style>p{}</style></head><body><p>第一条 网页条款。</p><p>第二条 办理石榴备案&amp;报告。</p></body></html>',
    );
    const fromHtml = await upload(
      content,
      { ...META, docNo: '测试公告2024年第12号', title: '网页导入办法' },
      { filename: 'a.html', content: html },
    );
    expect(fromHtml.data).toMatchObject({ kind: 'html', articles: 2 });
    expect((await search('石榴备案&报告')).list[0].snippet).toContain('第二条');

    const txt = Buffer.from('\uFEFF第一条 文本条款。\n第二条 办理柠檬申报。');
    const fromTxt = await upload(
      content,
      { ...META, docNo: '测试公告2024年第13号', title: '文本导入办法' },
      { filename: 'a.txt', content: txt },
    );
    expect(fromTxt.data).toMatchObject({ kind: 'txt', articles: 2 });

    const json = Buffer.from(
      JSON.stringify({
        ...META,
        docNo: '测试公告2024年第14号',
        title: 'JSON导入办法',
        articles: [{ heading: '第一条', body: '办理芒果核定。' }],
      }),
    );
    const fromJson = await upload(content, {}, { filename: 'a.json', content: json });
    expect(fromJson.data).toMatchObject({ kind: 'json', articles: 1 });
    expect((await search('芒果核定')).total).toBe(1);
    const [audit] = await latestAudit(ctx, 1);
    expect(audit?.target_type).toBe('policy_document');
  });

  it('refuses bad files with Chinese messages and stores nothing', async () => {
    const before = (await ctx.call('GET', '/api/operator/policy/list', { token: content })).data.total;
    const renamed = await upload(
      content,
      { ...META, docNo: 'x1', title: 'y' },
      { filename: 'a.docx', content: Buffer.from('plain text') },
    );
    expect(renamed.msg).toBe('该文件不是有效的docx文档');
    const exe = await upload(
      content,
      { ...META, docNo: 'x2', title: 'y' },
      { filename: 'a.exe', content: Buffer.from('MZ') },
    );
    expect(exe.msg).toBe('仅支持docx、html、txt或json格式的政策文件');
    const gbk = await upload(
      content,
      { ...META, docNo: 'x3', title: 'y' },
      { filename: 'a.txt', content: Buffer.from([0xb5, 0xda, 0xd2, 0xbb]) },
    );
    expect(gbk.msg).toBe('文件须为UTF-8编码');
    const noMeta = await upload(content, { title: 'y' }, { filename: 'a.txt', content: Buffer.from('第一条 内容') });
    expect(noMeta.status).toBe(400);
    expect(noMeta.msg).toBe('请填写文号');
    const customer = await upload(
      main,
      { ...META, docNo: 'x4', title: 'y' },
      { filename: 'a.txt', content: Buffer.from('第一条 内容') },
    );
    expect(customer.status).toBe(403);
    expect((await ctx.call('GET', '/api/operator/policy/list', { token: content })).data.total).toBe(before);
  });

  it('lists, changes the status (the status filter follows) and deletes', async () => {
    const list = await ctx.call('GET', '/api/operator/policy/list', { token: content, query: { keyword: 'Word导入' } });
    const row = list.data.list[0];
    expect(row).toMatchObject({ title: 'Word导入办法', articles: 3, status: '有效' });
    const changed = await ctx.call('POST', '/api/operator/policy/setStatus', {
      token: content,
      body: { id: row.id, status: '失效' },
    });
    expect(changed.code).toBe(0);
    const lapsed = await ctx.call('GET', '/api/PolicyInfo/findList', {
      token: main,
      query: { keyword: '樱桃登记', status: '失效' },
    });
    expect(lapsed.data.total).toBe(1);
    const bad = await ctx.call('POST', '/api/operator/policy/setStatus', {
      token: content,
      body: { id: row.id, status: '作废' },
    });
    expect(bad.msg).toContain('状态应为有效、失效或部分失效');
    const removed = await ctx.call('POST', '/api/operator/policy/delete', { token: content, body: { id: row.id } });
    expect(removed.code).toBe(0);
    expect((await search('樱桃登记')).total).toBe(0);
    const again = await ctx.call('POST', '/api/operator/policy/delete', { token: content, body: { id: row.id } });
    expect(again.status).toBe(404);
  });
});
