import { readFileSync } from 'node:fs';
import { join } from 'node:path';

type Figures = {
  key: string; label: string; rps: number; p50: number; p99: number; p50single: number; cpuUsPerRequest: number; rssMb: number; errors: number;
  p50singles: number[]; rpsPerLoad: number[]; cpuUsPerLoad: number[];
};
type Verdict = { ok: boolean; text: string };
type AuthCosts = { d: number; e: number; compared: { d: number; e: number }; errors: number };
type Run = {
  rows: Record<string, Figures>; rounds: Array<Record<string, Figures>>; authCosts: AuthCosts; connections: number; cycles: number; seconds: number; authSeconds: number; sliceMs: number;
};

const { judge, TARGETS } = require('./targets') as { judge: (run: Run) => Verdict[]; TARGETS: Record<string, number> };
const { report } = require('./report') as { report: (rows: Record<string, Figures>, o: Omit<Run, 'rows'>) => string[] };
const { OPTIONS, parseOptions, helpText } = require('./options') as {
  OPTIONS: Record<string, [string, string | boolean | undefined, string]>;
  parseOptions: (argv: string[]) => Record<string, number | boolean>;
  helpText: () => string;
};

/** A row's figures; each of its five loads per round measured what the row's figure says, unless `over` lists them. */
const figures = (key: string, over: Partial<Figures> = {}): Figures => ({
  key, label: `(${key}) row`, rps: 10000, p50: 4, p99: 8, p50single: 0.2, cpuUsPerRequest: 100, rssMb: 100, errors: 0,
  p50singles: Array(5).fill(over.p50single ?? 0.2), rpsPerLoad: Array(5).fill(over.rps ?? 10000), cpuUsPerLoad: Array(5).fill(over.cpuUsPerRequest ?? 100), ...over,
});

/**
 * A run in which the gateway rows cost what `gateway` says against a floor of 10,000 req/s at 100
 * µs per request, and the alternating load found cached Basic to cost `auth.d` and a JWT `auth.e`.
 */
function run(gateway: Partial<Figures> = {}, auth: Partial<AuthCosts> = {}): Run {
  const round = () => ({ f: figures('f'), c: figures('c', gateway), d: figures('d', gateway), e: figures('e', gateway), p: figures('p', gateway) });
  const rounds = [round(), round(), round()];
  const rows = { ...rounds[0], a: figures('a', { p50single: 0.1 }), b: figures('b'), g: figures('g') };
  const authCosts = { d: 0.02, e: 0.04, compared: { d: 100, e: 100 }, errors: 0, ...auth };
  return { rows, rounds, authCosts, connections: 50, cycles: 5, seconds: 1, authSeconds: 40, sliceMs: 100 };
}

const failing = (verdicts: Verdict[]) => verdicts.filter((v) => !v.ok).map((v) => v.text.split(':')[0]);

describe('the gateway benchmark', () => {
  it('passes every target when the gateway costs what the floor costs', () => {
    expect(failing(judge(run()))).toEqual([]);
  });

  it('fails on throughput and CPU per request when the gateway needs 1.4 times the floor\'s CPU', () => {
    expect(failing(judge(run({ rps: 10000 / 1.4, cpuUsPerRequest: 140 })))).toEqual([
      'gateway req/s ÷ the floor\'s (f)', 'gateway CPU per request ÷ the floor\'s',
    ]);
  });

  it('fails on latency when the gateway adds more than 0.05 ms at one connection over the floor', () => {
    expect(failing(judge(run({ p50single: 0.26 })))).toEqual(['p50 at 1 connection over the floor\'s (which adds 0.100 ms to the upstream\'s)']);
  });

  it('judges the p50 at one connection load by load against the floor\'s of the same cycle, whose latency drifts', () => {
    const drifting = (added: number) => {
      const r = run();
      for (const round of r.rounds) {
        round.f.p50singles = [0.2, 0.6, 0.2, 0.6, 0.2];
        for (const key of ['c', 'd']) round[key].p50singles = round.f.p50singles.map((p50) => p50 + added);
      }
      return failing(judge(r));
    };
    expect(drifting(0.04)).toEqual([]);
    expect(drifting(0.07)).toEqual(['p50 at 1 connection over the floor\'s (which adds 0.100 ms to the upstream\'s)']);
  });

  it('judges CPU per request load by load against the floor\'s of the same cycle, so a drift or one burst does not decide', () => {
    const drifting = (ratio: number) => {
      const r = run();
      for (const round of r.rounds) {
        round.f.cpuUsPerLoad = [100, 200, 100, 200, 100];
        for (const key of ['c', 'd', 'e', 'p']) round[key].cpuUsPerLoad = round.f.cpuUsPerLoad.map((us) => us * ratio);
        // One load of the round met a burst of the host's noise.
        round.c.cpuUsPerLoad[2] *= 3;
      }
      return failing(judge(r));
    };
    expect(drifting(1.2)).toEqual([]);
    expect(drifting(1.3)).toEqual(['gateway CPU per request ÷ the floor\'s']);
  });

  it('judges cached authentication by what the alternating load found it costs', () => {
    expect(failing(judge(run({}, { d: 0.052, e: 0.098 })))).toEqual(['cached Basic auth, same process (d against p, 100 slices)']);
    expect(failing(judge(run({}, { e: 0.106 })))).toEqual(['cached RS256 JWT, same process (e against p, 100 slices)']);
  });

  it('fails on the authenticating gateway\'s peak RSS over 150 MB and on any error', () => {
    const heavy = run();
    heavy.rows.e = figures('e', { rssMb: 151 });
    heavy.rows.g = figures('g', { errors: 2 });
    expect(failing(judge(heavy))).toEqual(['peak RSS of the gateway with auth at 50 connections', 'errors (status ≥ 400, socket errors, answers not from the upstream)']);
    expect(failing(judge(run({}, { errors: 1 })))).toEqual(['errors (status ≥ 400, socket errors, answers not from the upstream)']);
    expect(TARGETS.rssMb).toBe(150);
  });

  it('prints one table of rows a–g and the gateway rows, then one verdict per target, in at most 30 lines', () => {
    const { rows, ...rest } = run({ rps: 6000, cpuUsPerRequest: 170 });
    const lines = report(rows, rest);
    expect(lines.length).toBeLessThanOrEqual(30);
    const tableRows = lines.filter((l) => l.startsWith('| (')).map((l) => l.slice(2, 5));
    expect(tableRows).toEqual(['(a)', '(b)', '(f)', '(g)', '(c)', '(d)', '(e)', '(p)']);
    expect(lines[0]).toMatch(/req\/s.*p50.*p99.*p50 @1.*CPU\/req.*peak RSS/);
    expect(lines.filter((l) => /^(PASS|FAIL) {2}/.test(l))).toHaveLength(7);
  });

  it('runs about 5 minutes by default and documents every option with its default', () => {
    expect(parseOptions([])).toMatchObject({ seconds: 1, cycles: 6, rounds: 3, warmup: 3, connections: 50, authSeconds: 40, sliceMs: 100, requestLogs: true, help: false });
    expect(() => parseOptions(['--rounds', '0'])).toThrow('--rounds must be a positive number');
    const page = readFileSync(join(__dirname, '..', '..', '..', 'docs', 'benchmarks', 'gateway.md'), 'utf8');
    for (const [name, [type, def]] of Object.entries(OPTIONS)) {
      expect(helpText()).toContain(`--${name}`);
      const documented = page.split('\n').find((line) => line.startsWith(`| \`--${name}\``));
      expect(documented).toBeDefined();
      if (type === 'string' && def !== undefined) expect(documented).toContain(`| ${def} |`);
    }
  });
});
