// berth microservice logs [name] [--instance I] [--follow] [--limit N] [--since T]: the output of a
// microservice's instances through GET /application/applications/{id}/logs/{instance}
// (docs/api/hosting.md). Without --instance every instance of the status resource is read, each
// line prefixed by the instance's name; --follow reads every second until Ctrl-C, picking up
// instances that start and dropping those that are gone (docs/cli.md).
const { reason } = require('../platform');
const { deploymentStatus, microservice } = require('../application');
const { logReader } = require('../log-reader');

const POLL_MS = 1000;

/** One read of the logs resource. @throws Error with `status` when it is refused (`gone` when the instance is unknown). */
async function readLogs(platform, app, instance, query) {
  const params = new URLSearchParams({ limit: String(query.limit) });
  if (query.dateFrom) params.set('dateFrom', query.dateFrom);
  if (query.dateTo) params.set('dateTo', query.dateTo);
  const res = await platform.request(`/application/applications/${app.id}/logs/${encodeURIComponent(instance)}?${params}`);
  if (res.status === 200) return res.body;
  throw Object.assign(new Error(`reading the logs of ${instance} failed: ${reason(res)}`), { status: res.status, gone: res.status === 404 });
}

/** Resolves after `ms`, or at once when `signal` aborts. */
const pause = (ms, signal) => new Promise((resolve) => {
  const timer = setTimeout(resolve, ms);
  signal.addEventListener('abort', () => { clearTimeout(timer); resolve(); }, { once: true });
});

async function run({ platform, args, options, out, err }) {
  const app = await microservice(platform, args.name);
  const limit = options.limit ?? 1000;
  const prefix = (instance) => (options.instance ? '' : `[${instance}] `);
  const readers = new Map();

  async function instances() {
    if (options.instance) return [options.instance];
    const status = await deploymentStatus(platform, app);
    if (!status) throw Object.assign(new Error(`${app.name} has no deployment visible to you`), { status: 404 });
    return status.instances.map((i) => i.name);
  }

  /** Prints what is new of every instance followed; an instance gone is dropped (an error when it is the only one asked for, at the first read). */
  async function readAll(names, firstRound) {
    for (const name of names) if (!readers.has(name)) readers.set(name, logReader((q) => readLogs(platform, app, name, q), { limit, since: options.since }));
    for (const [name, next] of readers) {
      let result;
      try {
        result = await next();
      } catch (e) {
        if (!e.gone || (options.instance && firstRound)) throw e;
        readers.delete(name);
        err(`${prefix(name)}[the instance is gone]`);
        continue;
      }
      if (result.leftOut) err(`${prefix(name)}[older lines are not shown; --limit raises how many]`);
      for (const line of result.lines) out(`${prefix(name)}${line}`);
    }
  }

  const names = await instances();
  if (names.length === 0 && !options.follow) { err(`${app.name} has no instances`); return 0; }
  await readAll(names, true);
  if (!options.follow) return 0;

  const stop = new AbortController();
  const onSignal = () => stop.abort();
  process.once('SIGINT', onSignal).once('SIGTERM', onSignal);
  let lastProblem;
  try {
    while (!stop.signal.aborted) {
      await pause(POLL_MS, stop.signal);
      if (stop.signal.aborted) break;
      try {
        await readAll(await instances(), false);
        lastProblem = undefined;
      } catch (e) {
        // A refusal ends following; the platform out of reach or failing (5xx) is waited out.
        if (e.status !== undefined && e.status < 500) throw e;
        if (e.message !== lastProblem) err(`${e.message}; retrying`);
        lastProblem = e.message;
      }
      if (options.instance && readers.size === 0) break;
    }
  } finally {
    process.off('SIGINT', onSignal).off('SIGTERM', onSignal);
  }
  return 0;
}

module.exports = { run };
