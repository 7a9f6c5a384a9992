/**
 * `npm run budget -w apps/web` (part of `npm test`, after the build): fails when the first screen of
 * /login or /home needs more JavaScript than its budget, or reaches a module no first screen may load.
 */
import path from 'node:path';
import { checkFirstScreens, GOAL_KIB } from './chunk-graph.js';

const dist = path.resolve(import.meta.dirname, '../dist');
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
if (failed) {
  console.error('See docs/decisions.md "First-screen JavaScript" for what belongs on a first screen.');
  process.exit(1);
}
