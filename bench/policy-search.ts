/**
 * Policy library search at scale: 10 000 generated documents of 30 articles each (about 6 000
 * characters), then full-text search latency (p50/p95; target p95 < 100 ms): one user alone, then 20
 * concurrent users (on a 2-core machine that is 10 searches per core in flight; the load average is
 * printed because other work on the machine moves the figures).
 * The texts are generated here, not real documents. Figures only. Run: npx tsx bench/policy-search.ts [docs]
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { startEmbeddedPostgres } from '../apps/server/src/db/embedded.js';
import { createDb } from '../apps/server/src/db/kysely.js';
import { migrate } from '../apps/server/src/db/migrate.js';
import { searchPolicies } from '../apps/server/src/modules/policy/policy-query.js';
import { HEAD_SEPARATOR, normalizePolicyText, policyBigrams } from '../apps/server/src/modules/policy/policy-search.js';
import { SeededRandom } from '../packages/engine/src/fixtures/index.js';

const DOCS = Number(process.argv[2] ?? 10_000);
const USERS = 20;
const QUERIES_PER_USER = 50;
const TERMS = [
  '研发费用',
  '加计扣除',
  '留抵退税',
  '小型微利',
  '固定资产',
  '进项税额',
  '出口退税',
  '资产损失',
  '跨境服务',
  '简易计税',
  '差额征收',
  '预缴申报',
  '汇算清缴',
  '核定征收',
  '发票开具',
  '税前扣除',
  '免税收入',
  '不征税收入',
  '居民企业',
  '境外所得',
];
const FILLER = '纳税人应当按照规定办理有关事项主管税务机关依法审核并在规定期限内作出决定相关资料应当留存备查';

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

function article(random: SeededRandom): string {
  let text = '';
  for (let part = 0; part < 4; part += 1) {
    const at = random.int(0, FILLER.length - 20);
    text += FILLER.slice(at, at + 20 + random.int(0, 20));
    if (random.int(0, 9) === 0) text += random.pick(TERMS);
    text += '，';
  }
  return `${text}。`;
}

async function main() {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'taxlens-policy-bench-'));
  const embedded = await startEmbeddedPostgres({ dataDir: dir, port: 55107, portFallback: true, fast: true });
  const { db } = createDb(embedded.url, USERS + 2);
  try {
    await migrate(embedded.url);
    const random = new SeededRandom(20_261_125);
    let started = performance.now();
    for (let first = 0; first < DOCS; first += 200) {
      // The search columns are worked out here as reindexPolicyDocument does in SQL (same folding).
      const documents = Array.from({ length: Math.min(200, DOCS - first) }, (_, index) => {
        const head = {
          doc_no: `基准公告${first + index}号`,
          title: `关于${random.pick(TERMS)}有关事项的公告${first + index}`,
          summary: article(random),
        };
        const articles = Array.from({ length: 30 }, (_, seq) => {
          const row = { seq: seq + 1, heading: `第${seq + 1}条`, body: article(random) };
          return { ...row, search_text: normalizePolicyText(row.heading + row.body) };
        });
        const row = {
          ...head,
          issuer: '基准发文机关',
          issued_on: `20${String(random.int(10, 25))}-0${random.int(1, 9)}-1${random.int(0, 9)}`,
          tax_kind: random.pick(['增值税', '企业所得税', '个人所得税', '征收管理']),
          status: '有效' as const,
          source: '基准生成',
          head_text: [head.title, head.doc_no, head.summary].map(normalizePolicyText).join(HEAD_SEPARATOR),
        };
        const grams = policyBigrams(
          normalizePolicyText(head.title + head.doc_no + head.summary) +
            articles.map((item) => item.search_text).join(''),
        );
        return { row, articles, grams };
      });
      const ids = await db
        .insertInto('policy_documents')
        .values(documents.map((item) => item.row))
        .returning('id')
        .execute();
      await db
        .insertInto('policy_articles')
        .values(
          ids.flatMap(({ id }, index) =>
            (documents[index]?.articles ?? []).map((item) => ({ document_id: id, ...item })),
          ),
        )
        .execute();
      await db
        .insertInto('policy_search_keys')
        .values(
          ids.map(({ id }, index) => {
            const { row, grams } = documents[index] as (typeof documents)[number];
            const { issued_on, tax_kind, status } = row;
            return { document_id: id, issued_on, tax_kind, status, region_code: '000000', grams };
          }),
        )
        .execute();
    }
    // A library is loaded once and then read: vacuum folds the GIN pending lists into the indexes.
    await sql`VACUUM ANALYZE policy_documents`.execute(db);
    await sql`VACUUM ANALYZE policy_articles`.execute(db);
    await sql`VACUUM ANALYZE policy_search_keys`.execute(db);
    console.log(
      `generated and indexed ${DOCS} documents × 30 articles in ${((performance.now() - started) / 1000).toFixed(1)} s`,
    );

    // One user alone first (the latency of a single search), then 20 at once.
    const alone: number[] = [];
    for (const term of [...TERMS, ...TERMS]) {
      const begin = performance.now();
      await searchPolicies(db, { page: 1, size: 20, keyword: term, fullText: true });
      alone.push(performance.now() - begin);
    }
    console.log(
      `full-text search, one user × ${alone.length}: p50 ${percentile(alone, 50).toFixed(1)} ms, p95 ${percentile(alone, 95).toFixed(1)} ms (target p95 < 100 ms: ${percentile(alone, 95) < 100 ? 'met' : 'missed'}; load average ${os.loadavg()[0]?.toFixed(1)} on ${os.cpus().length} CPUs)`,
    );

    const latencies: number[] = [];
    let found = 0;
    started = performance.now();
    await Promise.all(
      Array.from({ length: USERS }, async (_, user) => {
        for (let index = 0; index < QUERIES_PER_USER; index += 1) {
          const term = TERMS[(user * QUERIES_PER_USER + index) % TERMS.length] as string;
          const begin = performance.now();
          const result = await searchPolicies(db, { page: 1, size: 20, keyword: term, fullText: true });
          latencies.push(performance.now() - begin);
          if (result.total > 0) found += 1;
        }
      }),
    );
    const wall = (performance.now() - started) / 1000;
    console.log(
      `full-text search, ${USERS} concurrent users × ${QUERIES_PER_USER}: p50 ${percentile(latencies, 50).toFixed(1)} ms, p95 ${percentile(latencies, 95).toFixed(1)} ms, ${(latencies.length / wall).toFixed(0)} searches/s, ${found}/${latencies.length} with hits (target p95 < 100 ms: ${percentile(latencies, 95) < 100 ? 'met' : 'missed'}; load average ${os.loadavg()[0]?.toFixed(1)})`,
    );
  } finally {
    await db.destroy();
    await embedded.stop();
    await rm(dir, { recursive: true, force: true });
  }
}

await main();
