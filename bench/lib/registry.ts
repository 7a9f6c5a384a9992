import { once } from 'node:events';
import { createWriteStream } from 'node:fs';
import { usccCheck } from '../../packages/engine/src/fixtures/fixture-identifiers.js';
import { SeededRandom } from '../../packages/engine/src/fixtures/index.js';

/**
 * A registry file of the operator's 企业登记信息 list (csv, its published headers) with generated
 * companies: used by the company-data bench (name search) and the map bench (counts by region).
 */
const CHARSET = '0123456789ABCDEFGHJKLMNPQRTUWXY';
const CITIES = ['北京', '上海', '深圳', '广州', '杭州', '南京', '成都', '武汉', '青岛', '西安', '苏州', '天津'];
const WORDS = '星河远航青禾晨光恒信瑞丰云帆嘉禾明德安泰博远华章鼎盛新程启明和悦中天华夏金诚宏达永兴';
const TRADES = [
  { word: '科技', section: 'I' },
  { word: '商贸', section: 'F' },
  { word: '物流', section: 'G' },
  { word: '建材', section: 'F' },
  { word: '餐饮管理', section: 'H' },
  { word: '咨询', section: 'L' },
  { word: '制造', section: 'C' },
  { word: '电子', section: 'C' },
  { word: '医药', section: 'F' },
  { word: '文化传媒', section: 'R' },
  { word: '建筑工程', section: 'E' },
  { word: '农业', section: 'A' },
];
export const SEARCH_BENCH_DIVISIONS = [
  '110105',
  '310115',
  '440305',
  '440106',
  '330106',
  '320106',
  '510107',
  '420106',
  '370202',
  '610113',
];
const STATUSES = ['存续', '存续', '存续', '存续', '存续', '存续', '存续', '在业', '注销', '吊销，未注销'];

export interface RegistryOptions {
  rows: number;
  /** 6-digit county codes the companies are spread over. */
  divisions: readonly string[];
  /** Also write 行业代码, 纳税人资格 and varied 登记状态 (the map's filters). */
  facets?: boolean;
}

/** Writes the file; returns every 9 973rd name (search samples). */
export async function writeRegistry(file: string, options: RegistryOptions): Promise<string[]> {
  const random = new SeededRandom(1_000_003);
  const out = createWriteStream(file);
  const samples: string[] = [];
  const word = () => {
    const at = random.int(0, WORDS.length / 2 - 1) * 2;
    return WORDS.slice(at, at + 2);
  };
  out.write(
    `统一社会信用代码,企业名称,法定代表人,注册资本（万元）,成立日期,登记状态,行政区划代码${options.facets ? ',行业代码,纳税人资格' : ''}\n`,
  );
  for (let index = 0; index < options.rows; index += 1) {
    const division = random.pick(options.divisions);
    // A serial in the body keeps every code unique (random bodies collide at a million); the
    // USCC check character is computed.
    let serial = index;
    let body = '';
    for (let digit = 0; digit < 6; digit += 1) {
      body = CHARSET[serial % 31] + body;
      serial = Math.floor(serial / 31);
    }
    const first17 = `91${division}MA${body}0`;
    const code = `${first17}${usccCheck(first17)}`;
    const trade = random.pick(TRADES);
    const name = `${random.pick(CITIES)}${word()}${word()}${trade.word}有限公司${index.toString(36)}`;
    if (index % 9973 === 0) samples.push(name);
    const established = `20${String(random.int(0, 25)).padStart(2, '0')}-${String(random.int(1, 12)).padStart(2, '0')}-1${random.int(0, 9)}`;
    const status = options.facets ? random.pick(STATUSES) : '存续';
    const facets = options.facets ? `,${trade.section},${random.chance(0.6) ? '小规模纳税人' : '一般纳税人'}` : '';
    const line = `${code},${name},某某,${random.int(10, 5000)},${established},${status},${division}${facets}\n`;
    if (!out.write(line)) await once(out, 'drain');
  }
  out.end();
  await once(out, 'finish');
  return samples;
}
