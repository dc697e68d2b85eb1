// The gateway benchmark's command-line options (docs/benchmarks/gateway.md lists the same), parsed,
// and the `--help` text made from them.
const { parseArgs } = require('node:util');

const defaultPortBase = () => String(Number(process.env.BERTH_TEST_PORT_BASE || 18100) + 50);

/** name → [parseArgs type, default, what it means]; the defaults keep one run under 5 minutes. */
const OPTIONS = {
  seconds: ['string', '1', 'seconds of each load (at one connection, then at the main load\'s)'],
  cycles: ['string', '3', 'loads of each row per round, the rows taking turns (a multiple of 3 turns the rows of the authenticating gateway evenly)'],
  rounds: ['string', '3', 'rounds of (f), (c), (d), (e), (p) taking turns; the table takes the median over them, the verdict on p50 at one connection the median over every cycle of every round'],
  'alternate-seconds': ['string', '45', 'seconds of each of the two alternating loads (f c f d, and p d p e), whose slices the verdicts on cost compare'],
  'slice-ms': ['string', '100', 'milliseconds of each slice of the alternating loads'],
  warmup: ['string', '3', 'seconds of load on each target before it is measured'],
  connections: ['string', '50', 'connections of the main load (a second load runs at one)'],
  threads: ['string', '1', 'wrk threads'],
  'request-logs': ['string', 'on', '`off`: gateways at LOG_LEVEL=warn, nginx without access log'],
  'port-base': ['string', undefined, 'first of the nine ports the run uses (default BERTH_TEST_PORT_BASE+50)'],
  'cpu-prof': ['boolean', false, 'the gateways and the one-process floor write .cpuprofile files into their log folder'],
  help: ['boolean', false, 'print the options and exit'],
};

function helpText() {
  const lines = Object.entries(OPTIONS).map(([name, [type, def, meaning]]) => {
    const flag = `--${name}${type === 'string' ? ' <value>' : ''}`;
    return `  ${flag.padEnd(24)}${meaning.replaceAll('`', '')}${type === 'string' && def !== undefined ? ` (default ${def})` : ''}`;
  });
  return ['usage: node tools/bench/gateway.js [options]   (npm run bench:gateway -- [options])', '', ...lines].join('\n');
}

/** The options of `argv` as numbers and flags; throws on an unknown option or a value that is not a positive number. */
function parseOptions(argv) {
  const options = Object.fromEntries(Object.entries(OPTIONS).map(([name, [type, def]]) => [name, def === undefined ? { type } : { type, default: def }]));
  const { values } = parseArgs({ args: argv, options });
  const positive = (name, value) => {
    const n = Number(value);
    if (!Number.isFinite(n) || n <= 0) throw new Error(`--${name} must be a positive number, not "${value}"`);
    return n;
  };
  if (!['on', 'off'].includes(values['request-logs'])) throw new Error(`--request-logs must be on or off, not "${values['request-logs']}"`);
  return {
    help: values.help,
    seconds: Math.round(positive('seconds', values.seconds)), warmup: Math.round(positive('warmup', values.warmup)), cycles: Math.round(positive('cycles', values.cycles)),
    rounds: Math.round(positive('rounds', values.rounds)), connections: Math.round(positive('connections', values.connections)),
    threads: Math.round(positive('threads', values.threads)), requestLogs: values['request-logs'] === 'on',
    alternateSeconds: Math.round(positive('alternate-seconds', values['alternate-seconds'])), sliceMs: Math.round(positive('slice-ms', values['slice-ms'])),
    portBase: Math.round(positive('port-base', values['port-base'] ?? defaultPortBase())), cpuProf: values['cpu-prof'],
  };
}

module.exports = { OPTIONS, parseOptions, helpText };
