// Builds the environment the local stack's apps run with: infra connection settings from
// .local/infra.env, generated local secrets under .local/secrets, and each app's port.
const { randomBytes } = require('node:crypto');
const { existsSync, mkdirSync, readFileSync, writeFileSync } = require('node:fs');
const { join } = require('node:path');
const { APPS, portOf } = require('./apps');

const root = join(__dirname, '..', '..');
const local = process.env.BERTH_LOCAL || join(root, '.local');

function readEnvFile(file) {
  if (!existsSync(file)) return {};
  return Object.fromEntries(readFileSync(file, 'utf8').split('\n')
    .map((l) => l.trim()).filter((l) => l && !l.startsWith('#') && l.includes('='))
    .map((l) => [l.slice(0, l.indexOf('=')), l.slice(l.indexOf('=') + 1)]));
}

/** A secret from the environment, else the one generated earlier, else a new one. */
function localSecret(name, bytes, generated) {
  if (process.env[name]) return process.env[name];
  const dir = join(local, 'secrets');
  const file = join(dir, name.toLowerCase());
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const value = randomBytes(bytes).toString('base64url');
  writeFileSync(file, `${value}\n`, { mode: 0o600 });
  generated.push(name);
  return value;
}

function stackEnv() {
  const generated = [];
  const env = { ...readEnvFile(join(local, 'infra.env')), ...process.env };
  env.BERTH_ADMIN_PASSWORD = localSecret('BERTH_ADMIN_PASSWORD', 12, generated);
  env.BERTH_INTERNAL_KEY = localSecret('BERTH_INTERNAL_KEY', 32, generated);
  env.BERTH_SECRETS_KEY = localSecret('BERTH_SECRETS_KEY', 32, generated);
  const gatewayPort = portOf(APPS.find((a) => a.name === 'gateway'), env);
  env.BERTH_PUBLIC_URL = env.BERTH_PUBLIC_URL || `http://localhost:${gatewayPort}`;
  // The outbound guard stays on: a local SMSC, receipt server or OIDC provider is let through by its
  // exact host:port (BERTH_OUTBOUND_ALLOW_HOSTS) or network (BERTH_OUTBOUND_ALLOW_CIDRS), never by turning it off.
  env.BERTH_OUTBOUND_ALLOW_PRIVATE = 'false';
  for (const app of APPS) {
    if (app.name === 'gateway') continue;
    const varName = `${app.name.toUpperCase().replace(/-/g, '_')}_URL`;
    env[varName] = env[varName] || `http://127.0.0.1:${portOf(app, env)}`;
  }
  return { env, generated };
}

/** The environment of one app: the stack's plus its own port. */
function appEnv(stack, app) {
  return { ...stack, [app.portVar]: String(portOf(app, stack)) };
}

module.exports = { stackEnv, appEnv, local, root };
