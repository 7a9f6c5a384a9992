/**
 * `npm run budget -w apps/web` (part of `npm test`, after the build): fails when the first screen of
 * /login or /home needs more JavaScript than its budget, or reaches a module no first screen may load,
 * or when the web font's subsets miss a character of the zh-CN messages (build/font-check.ts).
 * `-- --why /login [text …]` explains a screen instead (build/why.ts).
 */
import path from 'node:path';
import { zhCN } from '../src/locales/zh-CN/index.js';
import { checkFirstScreens, FIRST_SCREENS, GOAL_KIB, readChunkGraph } from './chunk-graph.js';
import { checkFontSubsets } from './font-check.js';
import { explainScreen } from './why.js';

const dist = path.resolve(import.meta.dirname, '../dist');
const whyAt = process.argv.indexOf('--why');
if (whyAt >= 0) {
  const [name = '/login', ...texts] = process.argv.slice(whyAt + 1);
  const screen = FIRST_SCREENS.find((candidate) => candidate.name === name);
  if (!screen) throw new Error(`--why: no first screen ${name} (${FIRST_SCREENS.map((s) => s.name).join(', ')})`);
  console.log(explainScreen(readChunkGraph(dist), dist, screen, texts).join('\n'));
  process.exit(0);
}
const verdicts = checkFirstScreens(dist);
let failed = false;
for (const verdict of verdicts) {
  console.log(
    `first screen ${verdict.screen}: ${verdict.kib} KiB gzip (budget ${verdict.budgetKib}, goal ${GOAL_KIB[verdict.screen]})`,
  );
  for (const problem of verdict.problems) {
    failed = true;
    console.error(`  ${verdict.screen} ${problem}`);
  }
}
if (failed) console.error('See docs/decisions.md "First-screen JavaScript" for what belongs on a first screen.');
const fontProblems = await checkFontSubsets(dist, zhCN);
console.log(
  `web font subsets: ${fontProblems.length === 0 ? 'every zh-CN message character in a subset' : 'problems'}`,
);
for (const problem of fontProblems) console.error(`  font: ${problem}`);
if (failed || fontProblems.length > 0) process.exit(1);
