// `npm run test:fuzz` (docs/reliability.md): schemathesis, from PyPI, against a stack of its own through the
// gateway's merged /openapi.json, as the management tenant's admin. Every operation gets a bounded
// number of examples (--max-examples, default 25) in the examples, coverage and fuzzing phases, with a
// fixed seed (--seed, default 1) so that a run can be repeated. Pass means, for every answer: no 5xx;
// status, Content-Type, headers and body as documented; invalid input refused with a 4xx; valid
// input accepted (but for the rules schemathesis.toml names); an undeclared method 405. Exits with schemathesis' status. Options: --max-examples,
// --seed, --port-base (default BERTH_TEST_PORT_BASE + 120), --include-path-regex.
const { randomBytes } = require('node:crypto');
const { spawn } = require('node:child_process');
const { mkdirSync, readdirSync, readFileSync } = require('node:fs');
const { join } = require('node:path');
const { parseArgs } = require('node:util');
const processes = require('../bench/gateway/processes');
const { bootstrapCredentials } = require('../cli/application');
const { Platform } = require('../cli/platform');
const { startStack, stackPorts } = require('../bench/bench-stack');
const { fuzzSummary, fuzzerErrorsOnly, plainFooter } = require('./summary');
const { createInterface } = require('node:readline');

const { values: args } = parseArgs({
  options: {
    'max-examples': { type: 'string', default: '25' }, seed: { type: 'string', default: '1' },
    'port-base': { type: 'string', default: String(Number(process.env.BERTH_TEST_PORT_BASE || 18100) + 120) },
    'include-path-regex': { type: 'string' },
  },
});
const ROOT = join(__dirname, '..', '..');
const LOCAL = process.env.BERTH_LOCAL || join(ROOT, '.local');
const ST = process.env.BERTH_SCHEMATHESIS || join(LOCAL, 'fuzz', 'venv', 'bin', 'st');
const base = Number(args['port-base']);
const run = `z${Date.now().toString(36)}${randomBytes(2).toString('hex')}`;
const runDir = join(LOCAL, 'fuzz', 'runs', run);
const log = (line) => console.error(`[fuzz ${new Date().toISOString().slice(11, 19)}] ${line}`);

function schemathesis(gatewayUrl, adminPassword, { reportDir = 'reports', names } = {}) {
  const reports = join(runDir, reportDir);
  const argv = [
    '--config-file', join(__dirname, 'schemathesis.toml'), 'run', `${gatewayUrl}/openapi.json`, '--url', gatewayUrl, '--auth', `management/admin:${adminPassword}`,
    '--phases', 'examples,coverage,fuzzing', '--max-examples', args['max-examples'], '--seed', args.seed,
    '--workers', '2', '--request-timeout', '30', '--generation-database', 'none', '--no-color',
    '--report', 'junit', '--report-dir', reports, '--wait-for-schema', '60',
  ];
  if (args['include-path-regex']) argv.push('--include-path-regex', args['include-path-regex']);
  if (names) argv.push('--include-name-regex', `^(${names.map((n) => n.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')).join('|')})$`);
  return new Promise((resolve, reject) => {
    const child = spawn(ST, argv, { stdio: ['ignore', 'pipe', 'inherit'], cwd: runDir, env: { ...process.env, SCHEMATHESIS_HOOKS: '' } });
    createInterface({ input: child.stdout }).on('line', (line) => console.log(plainFooter(line)));
    child.on('error', reject);
    child.on('close', (code, signal) => resolve({ code: code ?? 1, signal, reports }));
  });
}

async function main() {
  mkdirSync(join(runDir, 'logs'), { recursive: true });
  await processes.assertPortsFree(stackPorts(base).all);
  const adminPassword = randomBytes(12).toString('base64url');
  log(`run ${run}: apps on ports ${base}…, logs and reports in ${runDir}`);
  const gatewayUrl = await startStack({ base, prefix: run, adminPassword, logDir: join(runDir, 'logs'), env: { LOG_LEVEL: process.env.LOG_LEVEL || 'warn' } });
  await bootstrapUsersMade(new Platform(gatewayUrl, 'management/admin', adminPassword));
  log(`stack up at ${gatewayUrl}; schemathesis with ${args['max-examples']} examples per operation, seed ${args.seed}`);
  const first = await schemathesis(gatewayUrl, adminPassword);
  const xml = summarize(first);
  const retry = first.code !== 0 && xml ? fuzzerErrorsOnly(xml) : [];
  if (retry.length === 0) return first.code;
  // Only the fuzzer's own exceptions failed (no check of any answer did): those operations once more.
  log(`${retry.length} operation(s) failed only by an error inside the fuzzer (not a check of an answer); running them once more: ${retry.join('; ')}`);
  const again = await schemathesis(gatewayUrl, adminPassword, { reportDir: 'reports-retry', names: retry });
  summarize(again);
  return again.code;
}

/**
 * Waits (up to 90 s) until every microservice the platform creates at start has its bootstrap user:
 * until then `…/bootstrapUser` answers 503 with Retry-After (docs/api/applications.md), which the
 * fuzzer would count as a server error of a stack that is up but not settled.
 */
async function bootstrapUsersMade(platform) {
  const list = await platform.request('/application/applications?type=MICROSERVICE&pageSize=2000');
  if (list.status !== 200) throw new Error(`listing the platform's microservices answered ${list.status}`);
  const deadline = Date.now() + 90_000;
  for (const app of list.body.applications) await bootstrapCredentials(platform, app, deadline);
  log(`the bootstrap users of the platform's ${list.body.applications.length} microservices are made`);
}

/** Prints the summary of a schemathesis run's JUnit report, and returns the report. */
function summarize({ signal, reports }) {
  if (signal) throw new Error(`schemathesis ended by ${signal}`);
  const junit = readdirSync(reports).filter((f) => f.endsWith('.xml')).map((f) => readFileSync(join(reports, f), 'utf8'));
  if (junit.length) console.log(`\n${fuzzSummary(junit[0])}`);
  return junit[0];
}

let finishing = false;
async function finish(code) {
  if (finishing) return;
  finishing = true;
  await processes.stopAll();
  process.exit(code);
}

process.on('SIGINT', () => void finish(130));
process.on('SIGTERM', () => void finish(143));
main().then((code) => finish(code), (err) => { console.error(err.message); return finish(1); });
