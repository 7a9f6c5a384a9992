import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { lazyMessages } from './lazy-messages';

let src: string;
afterEach(async () => {
  await rm(src, { recursive: true, force: true });
});

/** A source tree with two sections: billing (titles in titles.ts) and chat (titles inline). */
async function tree() {
  src = await mkdtemp(path.join(os.tmpdir(), 'taxlens-lazy-messages-'));
  await mkdir(path.join(src, 'locales', 'zh-CN'), { recursive: true });
  await writeFile(
    path.join(src, 'locales', 'zh-CN', 'billing.ts'),
    "import { titles } from './titles';\nexport const billing = {\n  routes: titles.billing,\n  pay: { title: '充值' },\n};\n",
  );
  await writeFile(
    path.join(src, 'locales', 'zh-CN', 'chat.ts'),
    "export const chat = {\n  routes: { list: '会话' },\n  send: '发送',\n};\n",
  );
  await writeFile(path.join(src, 'tables.ts'), "export const PAGES = [{ titleKey: 'chat.send' }];\n");
  const plugin = lazyMessages(src);
  const hooks = plugin as unknown as {
    buildStart: () => void;
    transform: (this: { addWatchFile: (file: string) => void }, code: string, id: string) => { code: string } | null;
  };
  hooks.buildStart();
  return (code: string, file = 'page.tsx') =>
    hooks.transform.call({ addWatchFile: () => {} }, code, path.join(src, file))?.code ?? null;
}

describe('lazyMessages', () => {
  it('imports and registers the sections whose keys a module names, once each, before its code', async () => {
    const transform = await tree();
    // biome-ignore lint/suspicious/noTemplateCurlyInString: source code with a template literal is the input
    const code = "const a = t('billing.pay.title'); const b = t(`chat.${x}`); const c = t('billing.pay.title');";
    const out = transform(code) ?? '';
    expect(out.endsWith(`\n${code}`)).toBe(true);
    const header = out.split('\n')[0] ?? '';
    expect(header.match(/import \{ billing as __tl_billing \}/g)).toHaveLength(1);
    expect(header).toContain('__tlRegister("billing", __tl_billing);');
    expect(header).toContain('__tlRegister("chat", __tl_chat);');
    expect(header).toContain(JSON.stringify(path.join(src, 'locales', 'registry.ts')));
  });

  it('leaves page titles of a section whose titles live in titles.ts, and modules without keys, alone', async () => {
    const transform = await tree();
    expect(transform("const title = t('billing.routes.my');")).toBeNull();
    expect(transform("const text = 'billing'; const other = 'nothing.here';")).toBeNull();
    // chat keeps its titles inline, so reading one still needs the section.
    expect(transform("const title = t('chat.routes.list');")).toContain('__tl_chat');
  });

  it('skips a keys-only table and loads its sections where a module includes it', async () => {
    const transform = await tree();
    expect(transform("// lazy-messages: keys only\nexport const X = 'billing.pay.title';", 'table.ts')).toBeNull();
    const layout = transform('// lazy-messages: include ./tables.ts\nexport const Layout = 1;', 'layout.tsx');
    expect(layout).toContain('__tlRegister("chat", __tl_chat);');
    expect(layout).not.toContain('__tl_billing');
  });

  it('never rewrites the locale files themselves', async () => {
    const transform = await tree();
    expect(transform("export const x = 'billing.pay.title';", path.join('locales', 'index.ts'))).toBeNull();
  });
});
