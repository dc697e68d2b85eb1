// The fuzz run's summary from schemathesis' JUnit report: operations tested and failed, and each
// kind of failure (its ST code and title) with the operations that showed it.
const { tableText } = require('../bench/stats');

const unescapeXml = (text) => text.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&#39;/g, "'").replace(/&amp;/g, '&');

/** Each `<testcase>` of a JUnit report: the operation's name and what the element holds (empty when it passed). */
function* testcases(xml) {
  for (const match of xml.matchAll(/<testcase name="([^"]*)"[^>]*?(\/>|>([\s\S]*?)<\/testcase>)/g)) yield { name: unescapeXml(match[1]), body: match[3] ?? '' };
}

/** `{ operations, failed: Map<operation, Set<code>>, titles: Map<code, title> }` of a JUnit report. */
function parseJunit(xml) {
  const failed = new Map();
  const titles = new Map();
  let operations = 0;
  for (const { name, body } of testcases(xml)) {
    operations += 1;
    if (!/<(failure|error)\b/.test(body)) continue;
    const codes = new Set();
    for (const [, code, title] of unescapeXml(body).matchAll(/^- (ST\d+) (.+)$/gm)) {
      codes.add(code);
      titles.set(code, title.trim());
    }
    if (!codes.size) codes.add(/<error\b/.test(body) ? 'error' : 'failure');
    failed.set(name, codes);
  }
  return { operations, failed, titles };
}

/**
 * The operations that failed only by an error inside the fuzzer itself (`Runtime Error`: a Python
 * exception in schemathesis or Hypothesis, e.g. CPython 3.11's "AST constructor recursion depth
 * mismatch" while Hypothesis describes a strategy), not by any check of an answer; empty when any
 * operation failed otherwise.
 */
function fuzzerErrorsOnly(xml) {
  const operations = [];
  for (const { name, body } of testcases(xml)) {
    if (!/<(failure|error)\b/.test(body)) continue;
    if (/<failure\b/.test(body) || !/<error\b[^>]*>Runtime Error\b/.test(body)) return [];
    operations.push(name);
  }
  return operations;
}

function fuzzSummary(xml) {
  const { operations, failed, titles } = parseJunit(xml);
  const byCode = new Map();
  for (const [operation, codes] of failed) for (const code of codes) byCode.set(code, [...(byCode.get(code) ?? []), operation]);
  const lines = [`fuzz summary: ${operations} operations, ${operations - failed.size} passed every check, ${failed.size} failed`];
  if (byCode.size) {
    lines.push(tableText(['check', 'what', 'operations'], [...byCode].map(([code, ops]) => [code, titles.get(code) ?? code, String(ops.length)])));
    for (const [code, ops] of byCode) lines.push(`${code}: ${ops.join('; ')}`);
  }
  return lines.join('\n');
}

/**
 * Schemathesis ends with pytest's footer (`==== 4 warnings in 140.54s ====`), which a CI log reader
 * takes for a pytest run of zero tests; the same words without the rule of `=` signs.
 */
function plainFooter(line) {
  const footer = /^=+ (.+ in [\d.]+s) =+$/.exec(line.trim());
  return footer ? `schemathesis finished: ${footer[1]}` : line;
}

module.exports = { fuzzSummary, fuzzerErrorsOnly, parseJunit, plainFooter };
