// tools/berth microservice deploy <zip> [--url URL] [--user TENANT/USER] [--tenant T] [--timeout S]
// Credentials from BERTH_URL, BERTH_USER and BERTH_PASSWORD (or the flags; the password only from
// the environment or --password-stdin); they are never printed.
const { parseArgs } = require('node:util');
const { readFileSync } = require('node:fs');
const { Platform } = require('./platform');
const { deploy } = require('./deploy');

const USAGE = `usage: berth microservice deploy <zip> [--url URL] [--user TENANT/USER] [--password-stdin] [--tenant TENANT] [--timeout SECONDS]
  environment: BERTH_URL (default http://localhost:8080), BERTH_USER, BERTH_PASSWORD`;

function progressPrinter(stream = process.stderr) {
  let lastPct = -1;
  return (sent, total) => {
    const pct = Math.floor((sent / total) * 100);
    if (pct === lastPct) return;
    lastPct = pct;
    const mb = (n) => (n / 1048576).toFixed(1);
    if (stream.isTTY) stream.write(`\ruploading ${pct}% (${mb(sent)}/${mb(total)} MB)${pct === 100 ? '\n' : ''}`);
    else if (pct % 10 === 0) stream.write(`uploading ${pct}% (${mb(sent)}/${mb(total)} MB)\n`);
  };
}

async function main(argv) {
  const { values, positionals } = parseArgs({
    args: argv, allowPositionals: true,
    options: { url: { type: 'string' }, user: { type: 'string' }, 'password-stdin': { type: 'boolean' }, tenant: { type: 'string' }, timeout: { type: 'string', default: '300' }, help: { type: 'boolean' } },
  });
  const [command, zip] = positionals;
  if (values.help || command !== 'deploy' || !zip) { console.error(USAGE); return 2; }
  const url = values.url ?? process.env.BERTH_URL ?? 'http://localhost:8080';
  const user = values.user ?? process.env.BERTH_USER;
  const password = values['password-stdin'] ? readFileSync(0, 'utf8').trim() : process.env.BERTH_PASSWORD;
  if (!user || !password) { console.error(`credentials missing: set BERTH_USER and BERTH_PASSWORD (or --user and --password-stdin)\n${USAGE}`); return 2; }
  const timeout = Number(values.timeout);
  if (!(timeout > 0)) { console.error('--timeout must be a number of seconds above 0'); return 2; }
  try {
    const { name } = await deploy(new Platform(url, user, password), { zip, tenant: values.tenant, timeoutMs: timeout * 1000, out: (l) => console.log(l), progress: progressPrinter() });
    console.log(`deployed: ${url.replace(/\/+$/, '')}/service/${name}/`);
    return 0;
  } catch (err) {
    console.error(`deploy failed: ${err.message}`);
    return 1;
  }
}

module.exports = { main };

if (require.main === module) main(process.argv.slice(2)).then((code) => { process.exitCode = code; });
