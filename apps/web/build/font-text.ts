/**
 * Which characters of the build go into which font subset (build/font-subsets.ts): the text of the
 * modules the first screens load, and the rest of the client's text.
 */

// CJK ideographs, radicals, CJK punctuation, kana, compatibility forms and full-width forms.
const CJK = /[\u2e80-\u9fff\uf900-\ufaff\ufe30-\ufe4f\uff00-\uffef]/gu;
const ESCAPED = /\\u([0-9a-fA-F]{4})/g;

/**
 * What a module can put on screen: in the app's own source every non-ASCII character (Chinese text,
 * its punctuation, ¥ ×); in a library only CJK (antd's and dayjs's zh-CN strings), not the accented
 * Latin of tables nobody displays. Escaped `\uXXXX` forms count too (some libraries ship them).
 */
export function displayedCharacters(code: string, appSource: boolean): Set<number> {
  const points = new Set<number>();
  const decoded = code.replace(ESCAPED, (sequence, hex: string) => {
    const point = Number.parseInt(hex, 16);
    return point >= 0x80 && point < 0xd800 ? String.fromCharCode(point) : sequence;
  });
  if (appSource) {
    for (const character of decoded) {
      const point = character.codePointAt(0) as number;
      if (point >= 0x80) points.add(point);
    }
  } else {
    for (const match of decoded.matchAll(CJK)) points.add(match[0].codePointAt(0) as number);
  }
  return points;
}

/** Printable ASCII and the no-break space: digits, Latin and signs render from the same file as the Chinese around them. */
export const ASCII = [...Array.from({ length: 0x7e - 0x20 + 1 }, (_, index) => 0x20 + index), 0xa0];

/** One output chunk as renderChunk's `meta.chunks` describes it. */
export interface ChunkText {
  fileName: string;
  isEntry: boolean;
  facadeModuleId: string | null;
  /** Chunks the browser fetches before this one runs. */
  imports: readonly string[];
  /** The tree-shaken code of each module in the chunk. */
  modules: Record<string, { code: string | null }>;
}

export type Messages = { readonly [key: string]: string | Messages };

function collectStrings(node: string | Messages | undefined, into: Set<number>): void {
  if (node === undefined) return;
  if (typeof node === 'string') {
    for (const character of node) into.add(character.codePointAt(0) as number);
    return;
  }
  for (const child of Object.values(node)) collectStrings(child, into);
}

/**
 * The characters of the messages a module's code names: a full key (`'auth.formTitle'`) gives its
 * text, a key built in a template (`\`home.cards.${name}\``) or naming a group every text under it.
 */
export function messageCharacters(code: string, messages: Messages): Set<number> {
  const sections = Object.keys(messages).join('|');
  // A template's `${` ends the key: what precedes it names a group.
  const pattern = new RegExp(`['"\`](?:${sections})\\.[\\w.]*`, 'g');
  const points = new Set<number>();
  for (const match of code.matchAll(pattern)) {
    const parts = match[0].slice(1).split('.').filter(Boolean);
    let node: string | Messages | undefined = messages;
    for (const part of parts) node = typeof node === 'object' ? node[part] : undefined;
    collectStrings(node, points);
  }
  return points;
}

const isLibrary = (id: string) => id.includes('/node_modules/');
/**
 * Modules whose own literals the first screens show: not libraries, not message files (their
 * text counts by key), not packages/shared (error and rule texts shown on failures and later pages).
 */
const showsOwnText = (id: string) => !isLibrary(id) && !/\/src\/locales\//.test(id) && !/\/packages\//.test(id);
/** Route tables: page titles and menu groups, which only the main layout's menu shows. */
const isMenuText = (id: string) => /\/(routes(-[\w-]+)?|route-types)\.tsx?$/.test(id);

/** A first screen by the modules of its layout and page (as build/chunk-graph.ts names them). */
export interface ScreenRoots {
  name: string;
  roots: readonly string[];
}

/**
 * Splits the characters of the build by who shows them. One group per first screen: the text the
 * chunks it loads can show (the entry and its layout and page chunks, with their static imports):
 * the app's own literals and the messages its code names by key. Whole message sections and
 * libraries' strings (antd's zh-CN texts) ship in those chunks too, but most of that text is shown
 * elsewhere; so do tables of keys another module shows (`keysOnly`: the operator console's page
 * list). A screen's group holds the text of the chunks only it loads, minus earlier groups. The
 * chunks all screens share go to the first screen (the loading indicator, the route guard's and
 * the error page's texts show on any screen), except the route tables' titles, which only the
 * main layout's menu shows (the last screen). So /login needs one file, /home its own and
 * /login's.
 * `app`: every other character of the build.
 */
export function groupCharacters(
  chunks: ChunkText[],
  screens: readonly ScreenRoots[],
  messages: Messages,
  keysOnly: (id: string) => boolean = () => false,
): { screens: { name: string; points: Set<number> }[]; app: Set<number> } {
  const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const closure = (roots: readonly string[]) => {
    const pending = chunks
      .filter((chunk) => chunk.isEntry || (chunk.facadeModuleId !== null && roots.includes(chunk.facadeModuleId)))
      .map((chunk) => chunk.fileName);
    const seen = new Set<string>();
    while (pending.length > 0) {
      const file = pending.pop() as string;
      if (seen.has(file)) continue;
      seen.add(file);
      pending.push(...(byFile.get(file)?.imports ?? []));
    }
    return seen;
  };
  const closures = screens.map((screen) => closure(screen.roots));
  const shownBy = (files: (file: string) => boolean, modules: (id: string) => boolean = () => true) => {
    const points = new Set<number>();
    for (const chunk of chunks) {
      if (!files(chunk.fileName)) continue;
      for (const [id, module] of Object.entries(chunk.modules)) {
        if (!module.code || !showsOwnText(id) || keysOnly(id) || !modules(id)) continue;
        for (const point of displayedCharacters(module.code, true)) points.add(point);
        for (const point of messageCharacters(module.code, messages)) if (point >= 0x80) points.add(point);
      }
    }
    return points;
  };
  const assigned = new Set<number>(ASCII);
  const groups = screens.map((screen, index) => {
    const own = closures[index] as Set<string>;
    const last = index === screens.length - 1;
    const points = new Set<number>(index === 0 ? ASCII : []);
    const only = (file: string) => own.has(file) && closures.every((other) => other === own || !other.has(file));
    const shared = (file: string) => closures.every((other) => other.has(file));
    const shown = [
      ...shownBy(only),
      ...(index === 0 ? shownBy(shared, (id) => !isMenuText(id)) : []),
      ...(last ? shownBy(shared, isMenuText) : []),
    ];
    for (const point of shown) {
      if (!assigned.has(point)) points.add(point);
      assigned.add(point);
    }
    return { name: screen.name.replace(/^\//, ''), points };
  });
  const app = new Set<number>();
  for (const chunk of chunks) {
    for (const [id, module] of Object.entries(chunk.modules)) {
      if (!module.code) continue;
      for (const point of displayedCharacters(module.code, !isLibrary(id))) if (!assigned.has(point)) app.add(point);
    }
  }
  return { screens: groups, app };
}

/**
 * Cuts `points` into groups of about `size`, most frequent first (`rank`: higher is more frequent),
 * so a character of user data that happens to be in the client's text (公, 科, 技 of a company
 * name) fetches a file of a few dozen glyphs, not the whole rest of the client's text.
 */
export function frequencyBuckets(points: Iterable<number>, rank: (point: number) => number, size: number): number[][] {
  const sorted = [...new Set(points)].sort((a, b) => rank(b) - rank(a) || a - b);
  const buckets: number[][] = [];
  for (let start = 0; start < sorted.length; start += size) {
    buckets.push(sorted.slice(start, start + size).sort((a, b) => a - b));
  }
  return buckets;
}
