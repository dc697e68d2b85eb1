// The command line of `berth microservice`: its commands, their arguments and options, and the usage
// text (docs/cli.md). Parsing never exits; it answers what to do, or the usage error.
const { parseArgs } = require('node:util');

const COMMON = { url: { type: 'string' }, user: { type: 'string' }, 'password-stdin': { type: 'boolean' }, help: { type: 'boolean', short: 'h' } };
const timeout = { timeout: { type: 'string' } };

/**
 * Each command: its positional arguments (`<required>`, `[optional]`), its own options, the default
 * timeout in seconds, and whether it works on local files only (no platform, no credentials).
 */
const COMMANDS = {
  init: { args: ['<name>'], options: { sdk: { type: 'string' } }, local: true },
  package: { args: ['[folder]'], options: { name: { type: 'string' }, 'no-build': { type: 'boolean' }, 'self-contained': { type: 'boolean' } }, local: true },
  deploy: { args: ['<zip>'], options: { tenant: { type: 'string' }, ...timeout }, timeout: 300 },
  status: { args: ['[name]'], options: {} },
  list: { args: [], options: {} },
  versions: { args: ['[name]'], options: {} },
  activate: { args: ['<version>', '[name]'], options: timeout, timeout: 300 },
  delete: { args: ['[name]'], options: { force: { type: 'boolean' }, ...timeout }, timeout: 120 },
  run: { args: ['[folder]'], options: { local: { type: 'boolean' }, port: { type: 'string' }, 'no-build': { type: 'boolean' } } },
  logs: { args: ['[name]'], options: { instance: { type: 'string' }, follow: { type: 'boolean', short: 'f' }, limit: { type: 'string' }, since: { type: 'string' } } },
};

const USAGE = `usage: berth microservice <command> [arguments] [options]

commands:
  init <name>                  create the folder <name> with a new microservice project
                               --sdk TGZ|VERSION (default: the SDK package this repository builds)
  package [folder]             build the project in [folder] (default: .) into <name>.zip
                               --name NAME (package under another name), --no-build (skip npm run build),
                               --self-contained (keep the Node runtime layer in the ZIP; without it,
                               the platform adds that layer when it loads the image)
  deploy <zip>                 check the ZIP's manifest, create or find the application, upload,
                               subscribe the tenant, wait for health UP
                               --tenant TENANT (default: the caller's), --timeout SECONDS (300)
  status [name]                the application, its active version, status and instances
  list                         the microservices the tenant owns or is subscribed to
  versions [name]              the versions of the application; * marks the active one
  activate <version> [name]    make a version active and wait until it runs
                               --timeout SECONDS (300)
  delete [name]                delete the application and wait until its instances are gone
                               --force (also when other tenants are subscribed), --timeout SECONDS (120)
  run --local [folder]         run the service in [folder] (default: .) as a local process against the
                               platform: application, subscription and bootstrap user made ready,
                               the SDK's environment set; Ctrl-C stops it
                               --port PORT (default: a free one), --no-build (skip npm run build)
  logs [name]                  the instances' output, each line prefixed by its instance
                               --instance NAME (only that one, no prefix), --follow|-f (until Ctrl-C),
                               --limit N (newest lines per instance, 1-10000, default 1000),
                               --since TIME (a timestamp with a zone, or a duration: 30s, 10m, 2h)
  help                         this text

[name] defaults to the "name" of ./cumulocity.json.
options of every command but init and package: --url URL, --user TENANT/USER, --password-stdin, --help
environment: BERTH_URL (default http://localhost:8080), BERTH_USER, BERTH_PASSWORD
exit codes: 0 done, 1 the operation failed, 2 usage error or missing credentials`;

const DURATION = /^(\d+)(s|m|h)$/;
const UNIT_MS = { s: 1000, m: 60000, h: 3600000 };

/**
 * `--since` as an ISO timestamp: a duration counts back from `now`, a timestamp must carry a zone.
 * @returns the timestamp, or undefined when `value` is neither.
 */
function sinceTimestamp(value, now = Date.now()) {
  const duration = DURATION.exec(value);
  if (duration) return new Date(now - Number(duration[1]) * UNIT_MS[duration[2]]).toISOString();
  if (!/(Z|[+-]\d\d:?\d\d)$/i.test(value) || Number.isNaN(Date.parse(value))) return undefined;
  return new Date(Date.parse(value)).toISOString();
}

/**
 * Parses `argv` (after `microservice`).
 * @returns `{ help: true }`, `{ error }` (a usage error), or `{ command, args: {zip|version|name}, options }`
 *   with `timeoutMs`, `limit` and `since` converted.
 */
function parseCommandLine(argv) {
  const command = argv[0];
  if (command === undefined) return { error: 'no command given' };
  if (command === 'help' || command === '--help' || command === '-h') return { help: true };
  const spec = COMMANDS[command];
  if (!spec) return { error: `unknown command: ${command}` };
  let parsed;
  try {
    parsed = parseArgs({ args: argv.slice(1), allowPositionals: true, strict: true, options: { ...COMMON, ...spec.options } });
  } catch (err) {
    return { error: err.message };
  }
  const { values, positionals } = parsed;
  if (values.help) return { help: true };
  const required = spec.args.filter((a) => a.startsWith('<')).length;
  if (positionals.length < required) return { error: `${command} needs ${spec.args.filter((a) => a.startsWith('<')).join(' ')}` };
  if (positionals.length > spec.args.length) return { error: `${command} takes ${spec.args.join(' ') || 'no arguments'}; got ${positionals.join(' ')}` };
  const args = Object.fromEntries(spec.args.map((a, i) => [a.slice(1, -1), positionals[i]]).filter(([, v]) => v !== undefined));
  const options = { ...values };
  if (spec.timeout !== undefined) {
    const seconds = Number(values.timeout ?? spec.timeout);
    if (!(seconds > 0)) return { error: '--timeout must be a number of seconds above 0' };
    options.timeoutMs = seconds * 1000;
  }
  if (values.limit !== undefined) {
    if (!/^\d+$/.test(values.limit) || Number(values.limit) < 1 || Number(values.limit) > 10000) return { error: '--limit must be a whole number from 1 to 10000' };
    options.limit = Number(values.limit);
  }
  if (command === 'run' && !values.local) return { error: 'run needs --local: it runs the service on this machine (deploy runs it on the platform)' };
  if (values.port !== undefined) {
    if (!/^\d+$/.test(values.port) || Number(values.port) < 1 || Number(values.port) > 65535) return { error: '--port must be a port number from 1 to 65535' };
    options.port = Number(values.port);
  }
  if (values.since !== undefined) {
    options.since = sinceTimestamp(values.since);
    if (!options.since) return { error: '--since must be a timestamp with a zone (2026-01-31T12:00:00Z) or a duration (30s, 10m, 2h)' };
  }
  return { command, args, options };
}

/** Whether `command` takes an application name (defaulting to the manifest's in the working directory). */
const takesName = (command) => COMMANDS[command].args.includes('[name]');
/** Whether `command` works on local files only, needing no platform and no credentials. */
const isLocal = (command) => COMMANDS[command].local === true;

module.exports = { parseCommandLine, takesName, isLocal, USAGE };
