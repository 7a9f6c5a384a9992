import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import subsetFont from 'subset-font';
import { afterAll, describe, expect, it } from 'vitest';
import wawoff2 from 'wawoff2';
import { zhCN } from '../src/locales/zh-CN/index.js';
import { checkFontSubsets } from './font-check.js';
import {
  FONT_SUBSETS_MANIFEST,
  type FontManifest,
  fontFaceRule,
  fontsourceSlices,
  sourceFontPath,
} from './font-subsets.js';
import { mappedCodePoints, parseUnicodeRange, unicodeRange } from './font-tables.js';
import {
  ASCII,
  type ChunkText,
  displayedCharacters,
  frequencyBuckets,
  groupCharacters,
  messageCharacters,
} from './font-text.js';

const points = (text: string) => [...text].map((character) => character.codePointAt(0) as number);
const text = (set: Iterable<number>) =>
  [...set]
    .filter((point) => point >= 0x80 && point !== 0xa0)
    .sort((a, b) => a - b)
    .map((point) => String.fromCodePoint(point))
    .join('');

describe('unicode ranges', () => {
  it('writes runs as ranges and reads them back', () => {
    const range = unicodeRange([0x4e03, ...ASCII, 0x4e01, 0x4e00]);
    expect(range).toBe('U+20-7E,U+A0,U+4E00-4E01,U+4E03');
    expect([...parseUnicodeRange(range)].sort((a, b) => a - b)).toEqual([...ASCII, 0x4e00, 0x4e01, 0x4e03]);
    expect(() => parseUnicodeRange('U+4E00,登')).toThrow(/unicode-range/);
  });
});

describe('the characters a module can show', () => {
  it('takes every non-ASCII character of the app, only CJK of a library, escaped forms too', () => {
    expect(text(displayedCharacters("t('x') + '¥ 登录'", true))).toBe(text(points('¥登录')));
    expect(text(displayedCharacters("'Ångström 确定' + '\\u53d6\\u6d88'", false))).toBe(text(points('确定取消')));
  });

  it('finds the messages a module names by key, by template prefix and by group', () => {
    const messages = { auth: { title: '欢迎登录', tabs: { code: '验证码', password: '密码' } }, home: { hi: '早' } };
    expect(text(messageCharacters("t('auth.title')", messages))).toBe(text(points('欢迎登录')));
    const template = ['t(`auth.tabs.', '$', '{mode}`)'].join('');
    expect(text(messageCharacters(template, messages))).toBe(text(points('验证码密')));
    expect(text(messageCharacters("t('auth.missing') + 'home'", messages))).toBe('');
  });
});

describe('grouping the build by screen', () => {
  const chunk = (fileName: string, modules: Record<string, string>, extra: Partial<ChunkText> = {}): ChunkText => ({
    fileName,
    isEntry: false,
    facadeModuleId: null,
    imports: [],
    modules: Object.fromEntries(Object.entries(modules).map(([id, code]) => [id, { code }])),
    ...extra,
  });
  const messages = { layout: { menu: '菜单' }, console: { page: '控制台' } };
  const chunks = [
    chunk(
      'index.js',
      {
        '/app/src/app/PageLoading.tsx': "'加载中'",
        '/app/src/features/reports/routes.ts': "'报告'",
        '/app/node_modules/antd/es/locale/zh_CN.js': "'确定'",
        '/app/src/features/operator/console-pages.ts': "t('console.page')",
      },
      { isEntry: true },
    ),
    chunk('login.js', { '/app/src/pages/Login.tsx': "'登录'" }, { facadeModuleId: '/app/src/pages/Login.tsx' }),
    chunk(
      'home.js',
      { '/app/src/pages/Home.tsx': "'首页' + t('layout.menu')" },
      {
        facadeModuleId: '/app/src/pages/Home.tsx',
        imports: ['card.js'],
      },
    ),
    chunk('card.js', { '/app/src/pages/Card.tsx': "'卡片'" }),
    chunk('invoice.js', { '/app/src/pages/Invoice.tsx': "'发票'", '/app/src/locales/zh-CN/console.ts': "'控制台'" }),
  ];
  const screens = [
    { name: '/login', roots: ['/app/src/pages/Login.tsx'] },
    { name: '/home', roots: ['/app/src/pages/Home.tsx'] },
  ];
  const grouped = groupCharacters(chunks, screens, messages, (id) => id.endsWith('console-pages.ts'));

  it('gives /login its own text and what every screen shows while loading', () => {
    expect(grouped.screens[0]?.name).toBe('login');
    expect(text(grouped.screens[0]?.points ?? [])).toBe(text(points('加载中登录')));
    expect(grouped.screens[0]?.points.has(0x41)).toBe(true);
  });

  it('gives /home its static imports, the menu titles and the messages it names', () => {
    expect(grouped.screens[1]?.name).toBe('home');
    expect(text(grouped.screens[1]?.points ?? [])).toBe(text(points('报告首页菜单卡片')));
  });

  it('leaves libraries, key tables and other pages to the rest of the text', () => {
    expect(text(grouped.app)).toBe(text(points('控制台确定发票')));
  });

  it('cuts the rest into files, most frequent characters first', () => {
    const rank = (point: number) => (point === 0x53d1 ? 119 : 100);
    // 发 (U+53D1) first, then by code point: 制 (U+5236) 台 (U+53F0) 控 (U+63A7) 票 (U+7968).
    const buckets = frequencyBuckets(points('控制台发票'), rank, 2).map((bucket) => text(bucket));
    expect(buckets).toEqual([text(points('发制')), text(points('台控')), '票']);
  });
});

describe('the font the subsets are cut from', () => {
  it('has a glyph for every character of the zh-CN messages, or a slice has (→)', async () => {
    const glyphs = mappedCodePoints(await wawoff2.decompress(readFileSync(sourceFontPath(400))));
    for (const slice of fontsourceSlices(400)) for (const point of slice.range) glyphs.add(point);
    const all = new Set<number>();
    const walk = (node: unknown): void => {
      if (typeof node === 'string') for (const point of points(node)) all.add(point);
      else if (node && typeof node === 'object') Object.values(node).forEach(walk);
    };
    walk(zhCN);
    expect(text([...all].filter((point) => point >= 0x20 && !glyphs.has(point)))).toBe('');
  });
});

describe('the build check', () => {
  const dist = mkdtempSync(path.join(os.tmpdir(), 'font-check-'));
  afterAll(() => rmSync(dist, { recursive: true, force: true }));

  async function build(subsetText: string, declared = subsetText) {
    mkdirSync(path.join(dist, 'assets'), { recursive: true });
    mkdirSync(path.join(dist, '.vite'), { recursive: true });
    const source = Buffer.from(await wawoff2.decompress(readFileSync(sourceFontPath(400))));
    writeFileSync(path.join(dist, 'assets/sub.woff2'), await subsetFont(source, subsetText, { targetFormat: 'woff2' }));
    const range = unicodeRange(points(declared));
    const manifest: FontManifest = {
      stylesheet: 'assets/fonts.css',
      subsets: [{ file: 'assets/sub.woff2', weight: 400, group: 'login', unicodeRange: range, bytes: 0 }],
      slices: { 400: 0 },
    };
    writeFileSync(path.join(dist, FONT_SUBSETS_MANIFEST), JSON.stringify(manifest));
    writeFileSync(path.join(dist, 'assets/fonts.css'), fontFaceRule('/assets/sub.woff2', 400, range));
  }

  it('passes when every message character is in a subset that holds exactly its range', async () => {
    await build('欢迎登录');
    expect(await checkFontSubsets(dist, { auth: { title: '欢迎登录' } })).toEqual([]);
  });

  it('names a message character that no subset holds', async () => {
    await build('欢迎登录');
    const problems = await checkFontSubsets(dist, { auth: { title: '欢迎登录税镜' } });
    expect(problems.join('\n')).toMatch(/weight 400: zh-CN message characters in no subset: 税 \(U\+7A0E\) 镜/);
  });

  it('names a character the range promises but the file lacks', async () => {
    await build('欢迎登', '欢迎登录');
    const problems = await checkFontSubsets(dist, { auth: { title: '欢迎登' } });
    expect(problems.join('\n')).toMatch(/sub\.woff2 lacks 录/);
  });
});
