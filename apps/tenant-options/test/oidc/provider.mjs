// A real OpenID provider (the oidc-provider package) for the authorization-code e2e spec.
// Usage: node provider.mjs <port> <redirectUri> <clientId> <clientSecret>; prints "ready" when listening.
// The login form at /interaction/<uid> accepts the accounts below with password "<name>-password".
import { generateKeyPairSync } from 'node:crypto';
import { createServer } from 'node:http';
import process from 'node:process';
import { URLSearchParams } from 'node:url';
import Provider from 'oidc-provider';

const [port, redirectUri, clientId, clientSecret] = process.argv.slice(2);
const issuer = `http://127.0.0.1:${port}`;
const ACCOUNTS = {
  alice: { preferred_username: 'alice-sso', email: 'alice@example.com', given_name: 'Alice', family_name: 'Smith', groups: ['admins', 'staff'] },
  bob: { preferred_username: 'bob-sso', email: 'bob@example.com', groups: ['staff'] },
};
const jwk = { ...generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ format: 'jwk' }), kid: 'k1', alg: 'RS256', use: 'sig' };

const provider = new Provider(issuer, {
  clients: [{ client_id: clientId, client_secret: clientSecret, redirect_uris: [redirectUri], grant_types: ['authorization_code'], response_types: ['code'] }],
  jwks: { keys: [jwk] },
  cookies: { keys: ['oidc-e2e-cookie-key'] },
  claims: { openid: ['sub'], email: ['email'], profile: ['preferred_username', 'given_name', 'family_name'], groups: ['groups'] },
  conformIdTokenClaims: false,
  pkce: { required: () => true },
  features: { devInteractions: { enabled: false } },
  interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
  findAccount: async (_ctx, id) => (ACCOUNTS[id] ? { accountId: id, claims: async () => ({ sub: id, ...ACCOUNTS[id] }) } : undefined),
});

const form = (uid) => `<form method="post" action="/interaction/${uid}/login"><input name="login"><input name="password" type="password"><button>Sign in</button></form>`;

async function interaction(req, res, uid, submit) {
  const details = await provider.interactionDetails(req, res);
  if (details.prompt.name === 'login') {
    if (!submit) {
      res.writeHead(200, { 'content-type': 'text/html' }).end(form(uid));
      return;
    }
    let body = '';
    for await (const chunk of req) body += chunk;
    const fields = new URLSearchParams(body);
    const login = fields.get('login');
    if (!ACCOUNTS[login] || fields.get('password') !== `${login}-password`) {
      res.writeHead(401, { 'content-type': 'text/html' }).end(form(uid));
      return;
    }
    await provider.interactionFinished(req, res, { login: { accountId: login } }, { mergeWithLastSubmission: false });
    return;
  }
  const grant = new provider.Grant({ accountId: details.session.accountId, clientId: details.params.client_id });
  grant.addOIDCScope(details.params.scope);
  await provider.interactionFinished(req, res, { consent: { grantId: await grant.save() } }, { mergeWithLastSubmission: true });
}

const callback = provider.callback();
createServer((req, res) => {
  const match = /^\/interaction\/([^/?]+)(\/login)?/.exec(req.url);
  if (!match) return callback(req, res);
  interaction(req, res, match[1], req.method === 'POST' && !!match[2]).catch((err) => {
    res.writeHead(500, { 'content-type': 'text/plain' }).end(String(err));
  });
}).listen(Number(port), '127.0.0.1', () => process.stdout.write('ready\n'));
