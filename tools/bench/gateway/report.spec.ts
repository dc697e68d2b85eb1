import { readFileSync } from 'node:fs';
import { join } from 'node:path';

type Figures = {
  key: string; label: string; rps: number; p50: number; p99: number; p50single: number; cpuUsPerRequest: number; rssMb: number; errors: number;
  p50singles: number[];
};
type Verdict = { ok: boolean; text: string };
type Compared = { cpu: Record<string, number>; rate: Record<string, number>; compared: Record<string, number>; errors: number };
type Run = {
  rows: Record<string, Figures>; rounds: Array<Record<string, Figures>>; versusFloor: Compared; auth: Compared;
  connections: number; cycles: number; seconds: number; alternateSeconds: number; sliceMs: number;
};

const { judge, TARGETS } = require('./targets') as { judge: (run: Run) => Verdict[]; TARGETS: Record<string, number> };
const { report } = require('./report') as { report: (rows: Record<string, Figures>, o: Omit<Run, 'rows'>) => string[] };
const { OPTIONS, parseOptions, helpText } = require('./options') as {
  OPTIONS: Record<string, [string, string | boolean | undefined, string]>;
  parseOptions: (argv: string[]) => Record<string, number | boolean>;
  helpText: () => string;
};

/** A row's figures; each of its five loads per round had the row's p50 at one connection, unless `over` says otherwise. */
const figures = (key: string, over: Partial<Figures> = {}): Figures => ({
  key, label: `(${key}) row`, rps: 10000, p50: 4, p99: 8, p50single: 0.2, cpuUsPerRequest: 100, rssMb: 100, errors: 0,
  p50singles: Array(5).fill(over.p50single ?? 0.2), ...over,
});

/** What an alternating load found: each kind's CPU per request, the reference's times `cpu`, at its rate ÷ `cpu`. */
const compared = (cpu: Record<string, number>, errors = 0): Compared => ({
  cpu, rate: Object.fromEntries(Object.entries(cpu).map(([k, v]) => [k, 1 / v])), compared: Object.fromEntries(Object.keys(cpu).map((k) => [k, 75])), errors,
});

/**
 * A run in which the gateway rows took `gateway.cpu` times the floor's CPU per request (1.1 unless
 * given), and, in the authenticating gateway, Basic `basic` and a JWT `jwt` times its public path's.
 */
function run(gateway: Partial<Figures> = {}, o: { cpu?: number; basic?: number; jwt?: number; errors?: number } = {}): Run {
  const round = () => ({ f: figures('f'), c: figures('c', gateway), d: figures('d', gateway), e: figures('e', gateway), p: figures('p', gateway) });
  const rounds = [round(), round(), round()];
  const rows = { ...rounds[0], a: figures('a', { p50single: 0.1 }), b: figures('b'), g: figures('g') };
  const cpu = o.cpu ?? 1.1;
  return {
    rows, rounds, versusFloor: compared({ c: cpu, d: cpu }, o.errors), auth: compared({ d: o.basic ?? 1.02, e: o.jwt ?? 1.04 }),
    connections: 50, cycles: 5, seconds: 1, alternateSeconds: 30, sliceMs: 100,
  };
}

const failing = (verdicts: Verdict[]) => verdicts.filter((v) => !v.ok).map((v) => v.text.split(':')[0]);

describe('the gateway benchmark', () => {
  it('passes every target when the gateway costs 1.1 times what the floor costs', () => {
    expect(failing(judge(run()))).toEqual([]);
  });

  it('fails on throughput and CPU per request when the gateway needs 1.3 times the floor\'s CPU in the alternating load', () => {
    expect(failing(judge(run({}, { cpu: 1.2 })))).toEqual([]);
    expect(failing(judge(run({}, { cpu: 1.3 })))).toEqual(['gateway req/s ÷ the floor\'s (f), 75 and 75 slices', 'gateway CPU per request ÷ the floor\'s']);
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

  it('judges cached authentication by its CPU per request against the same process\'s public path, in the alternating load', () => {
    // Against the public path's CPU per request: 1.055 times is a cost of 5.2%, 1.108 times 9.7%, 1.12 times 10.7%.
    expect(failing(judge(run({}, { basic: 1.055, jwt: 1.108 })))).toEqual(['cached Basic auth, same process (d against p, 75 slices)']);
    expect(failing(judge(run({}, { jwt: 1.12 })))).toEqual(['cached RS256 JWT, same process (e against p, 75 slices)']);
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
    const { rows, ...rest } = run({ rps: 6000, cpuUsPerRequest: 170 }, { cpu: 1.7 });
    const lines = report(rows, rest);
    expect(lines.length).toBeLessThanOrEqual(30);
    const tableRows = lines.filter((l) => l.startsWith('| (')).map((l) => l.slice(2, 5));
    expect(tableRows).toEqual(['(a)', '(b)', '(f)', '(g)', '(c)', '(d)', '(e)', '(p)']);
    expect(lines[0]).toMatch(/req\/s.*p50.*p99.*p50 @1.*CPU\/req.*peak RSS/);
    expect(lines.filter((l) => /^(PASS|FAIL) {2}/.test(l))).toHaveLength(7);
  });

  it('runs about 5 minutes by default and documents every option with its default', () => {
    expect(parseOptions([])).toMatchObject({ seconds: 1, cycles: 3, rounds: 3, warmup: 3, connections: 50, alternateSeconds: 45, sliceMs: 100, requestLogs: true, help: false });
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
