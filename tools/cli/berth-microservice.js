// berth microservice <command>: the life cycle of a microservice through the gateway's REST API
// (docs/cli.md). Credentials from BERTH_URL, BERTH_USER and BERTH_PASSWORD (or the flags; the
// password only from the environment or --password-stdin); they are never printed. init and package
// work on local files and need none.
// Exit codes: 0 done, 1 the operation failed, 2 usage error or missing credentials.
const { readFileSync } = require('node:fs');
const { Platform } = require('./platform');
const { isLocal, parseCommandLine, takesName, USAGE } = require('./args');
const { localManifestName } = require('./manifest');
const { elapsed } = require('./output');

/**
 * Runs one command line. `io` holds the line printers `out` (stdout) and `err` (stderr), `env`,
 * `cwd`, and `stdin()` (the password for --password-stdin). @returns the exit code.
 */
async function main(argv, io = {}) {
  const { out = (l) => console.log(l), err = (l) => console.error(l), env = process.env, cwd = process.cwd(), stdin = () => readFileSync(0, 'utf8') } = io;
  const line = parseCommandLine(argv);
  if (line.help) { out(USAGE); return 0; }
  if (line.error) { err(`${line.error}\n${USAGE}`); return 2; }
  const { command, args, options } = line;
  if (isLocal(command)) return runLocal(command, { args, options, out, err, cwd });
  if (takesName(command) && args.name === undefined) {
    try {
      args.name = localManifestName(cwd);
    } catch (e) {
      err(`${command}: ${e.message}`);
      return 2;
    }
    if (args.name === undefined) { err(`${command} needs a name: give it, or run it where cumulocity.json is\n${USAGE}`); return 2; }
  }
  const url = options.url ?? env.BERTH_URL ?? 'http://localhost:8080';
  const user = options.user ?? env.BERTH_USER;
  const password = options['password-stdin'] ? stdin().trim() : env.BERTH_PASSWORD;
  if (!user || !password) { err(`credentials missing: set BERTH_USER and BERTH_PASSWORD (or --user and --password-stdin)\n${USAGE}`); return 2; }
  try {
    const platform = new Platform(url, user, password);
    return await require(`./commands/${command}`).run({ platform, args, options, out, err, say: elapsed(out), url, user, env, cwd });
  } catch (e) {
    err(`${command} failed: ${e.message}`);
    return 1;
  }
}

/** A command that works on local files only (init, package): no credentials. @returns the exit code. */
async function runLocal(command, io) {
  try {
    return await require(`./commands/${command}`).run(io);
  } catch (e) {
    io.err(`${command} failed: ${e.message}`);
    return 1;
  }
}

module.exports = { main };

if (require.main === module) main(process.argv.slice(2)).then((code) => { process.exitCode = code; });
