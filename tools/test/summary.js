// Prints the outcome of the last `npm test` Jest run (the JSON results tools/test/run writes) in
// Jest's own summary words, on stdout, so that the end of a long CI log still says what ran; its
// last line is the plain `tests: N passed, N failed` that CI's log reader counts.
// Usage: node tools/test/summary.js <results.json>. Exits 1 when the file is missing or unreadable.
const { readFileSync } = require('node:fs');

const file = process.argv[2];
let r;
try {
  r = JSON.parse(readFileSync(file, 'utf8'));
} catch (err) {
  console.log(`npm test: no Jest results at ${file} (${err.code || err.message}): the suite did not run to its end`);
  process.exit(1);
}
const part = (n, word) => (n ? `${n} ${word}, ` : '');
const seconds = Math.round((Math.max(...r.testResults.map((t) => t.endTime || 0), r.startTime) - r.startTime) / 1000);
console.log(`npm test (Jest, ${seconds} s):`);
console.log(`Test Suites: ${part(r.numFailedTestSuites, 'failed')}${part(r.numPendingTestSuites, 'skipped')}${r.numPassedTestSuites} passed, ${r.numTotalTestSuites} total`);
console.log(`Tests:       ${part(r.numFailedTests, 'failed')}${part(r.numPendingTests + r.numTodoTests, 'skipped')}${r.numPassedTests} passed, ${r.numTotalTests} total`);
for (const suite of r.testResults.filter((t) => t.status === 'failed')) {
  const failed = suite.assertionResults.filter((a) => a.status === 'failed').map((a) => a.fullName);
  console.log(`  FAIL ${suite.name.replace(`${process.cwd()}/`, '')}${failed.length ? `: ${failed.slice(0, 5).join('; ')}` : `: ${(suite.message || '').split('\n')[0].slice(0, 200)}`}`);
}
// The plain closing line CI's log reader counts (Jest's own summary is not among the formats it reads).
console.log(`tests: ${r.numPassedTests} passed, ${r.numFailedTests} failed${r.numPendingTests + r.numTodoTests ? `, ${r.numPendingTests + r.numTodoTests} skipped` : ''}`);
process.exit(r.success ? 0 : 1);
