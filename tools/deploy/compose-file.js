// docker-compose.yml read the way compose reads it: YAML merge keys resolved, `${VAR}`,
// `${VAR:-default}`, `${VAR-default}`, `${VAR:?message}`, `${VAR?message}` and `$$` interpolated
// from a given environment (defaults are taken literally: the file nests none). Shared by tools/deploy/compose.spec.ts and the smoke run.
const { readFileSync } = require('node:fs');
const { join } = require('node:path');
const { parse } = require('yaml');

const COMPOSE_FILE = join(__dirname, '..', '..', 'docker-compose.yml');

/** @returns {any} the file with `<<` merge keys resolved, values not interpolated. */
function loadCompose(path = COMPOSE_FILE) {
  return parse(readFileSync(path, 'utf8'), { merge: true });
}

/**
 * `text` with every `${…}` replaced from `env` as compose does.
 * @param {string} text
 * @param {Record<string, string | undefined>} env
 * @throws Error with compose's message for `${VAR:?message}` when VAR is unset or empty.
 */
function interpolate(text, env) {
  return text.replace(/\$\$|\$\{([A-Za-z_][A-Za-z0-9_]*)(?:(:?)([-?])((?:[^}])*))?\}|\$([A-Za-z_][A-Za-z0-9_]*)/g,
    (match, name, colon, op, arg, bare) => {
      if (match === '$$') return '$';
      if (bare) return env[bare] ?? '';
      const value = env[name];
      const missing = colon ? value === undefined || value === '' : value === undefined;
      if (!op) return value ?? '';
      if (!missing) return value;
      if (op === '-') return arg;
      throw new Error(`required variable ${name} is missing a value: ${arg}`);
    });
}

/**
 * A service's environment as its container gets it: every value a string, interpolated.
 * @returns {Record<string, string>}
 */
function serviceEnvironment(compose, service, env) {
  const raw = compose.services[service]?.environment;
  if (!raw) throw new Error(`docker-compose.yml has no environment for ${service}`);
  return Object.fromEntries(Object.entries(raw).map(([k, v]) => [k, interpolate(String(v ?? ''), env)]));
}

/** The app services: those that set BERTH_APP, by service name. */
function appServices(compose) {
  return Object.keys(compose.services).filter((s) => compose.services[s].environment?.BERTH_APP);
}

module.exports = { COMPOSE_FILE, appServices, interpolate, loadCompose, serviceEnvironment };
