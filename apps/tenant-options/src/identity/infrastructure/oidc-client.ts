import { createPublicKey, KeyObject } from 'node:crypto';
import { Inject, Injectable, OnApplicationShutdown } from '@nestjs/common';
import { Agent, fetch, RequestInit } from 'undici';
import { decodeJwt, hasValidSignature, isWithinValidity, unauthorized } from '@berth/auth';
import { DomainError } from '@berth/http';
import { outboundAgent, OutboundPolicy } from '@berth/runtime';
import { TENANT_OPTIONS_CONFIG } from '../../config/tenant-options.token';
import type { TenantOptionsConfig } from '../../config/tenant-options.env';
import { LoginOptionFields, LoginOptionRecord } from '../domain/login-option';
import { LoginOptionStore } from './login-option-store';

/** Where an option's authorization server takes requests, from the option or its OpenID discovery document. */
export interface OidcEndpoints { issuer?: string; authorizationEndpoint: string; tokenEndpoint: string; jwksUri: string }

const CACHE_MS = 5 * 60_000;
const TIMEOUT_MS = 10_000;

const refused = (why: string) => unauthorized(`Invalid credentials! : OAuth2 login failed: ${why}`);

/** The option's fields the platform itself calls (the authorization endpoint is the browser's). */
const CALLED_FIELDS = ['issuer', 'tokenEndpoint', 'jwksUri'] as const;

async function getJson(agent: Agent, url: string, init?: RequestInit): Promise<{ status: number; body: any }> {
  const res = await fetch(url, { ...init, dispatcher: agent, signal: AbortSignal.timeout(TIMEOUT_MS), redirect: 'error' }).catch(() => undefined);
  if (!res) throw refused(`the authorization server at ${new URL(url).origin} is not reachable`);
  return { status: res.status, body: await res.json().catch(() => undefined) };
}

/**
 * The platform's side of an OpenID Connect authorization-code login: discovery, the code
 * exchange (client secret by HTTP Basic when the option has one, PKCE verifier when it uses
 * PKCE), and the ID token's check — RS256 only, against the server's JWKS (keys imported once as
 * KeyObjects, fetched again for an unknown `kid`), `iss`, `aud` = client id, validity, `nonce`.
 * Every failure is a 401 `security/Unauthorized`. Every call goes through the outbound guard
 * (OutboundPolicy): an address it refuses fails like an unreachable server.
 */
@Injectable()
export class OidcClient implements OnApplicationShutdown {
  private readonly discovery = new Map<string, { at: number; endpoints: OidcEndpoints }>();
  private readonly keys = new Map<string, { at: number; byKid: Map<string, KeyObject> }>();
  private readonly outbound: OutboundPolicy;
  private readonly agent: Agent;

  constructor(private readonly options: LoginOptionStore, @Inject(TENANT_OPTIONS_CONFIG) config: TenantOptionsConfig) {
    this.outbound = OutboundPolicy.from(config);
    this.agent = outboundAgent(this.outbound);
  }

  /** Refuses (422 naming the field) an option whose server-called URLs the outbound guard does not allow. */
  async checkCalledUrls(fields: LoginOptionFields): Promise<void> {
    for (const field of CALLED_FIELDS) {
      const url = fields[field];
      const problem = url === undefined ? undefined : await this.outbound.urlProblem(url);
      if (problem) throw new DomainError('loginOptions', 'Invalid Data', `${field} ${problem}`);
    }
  }

  async onApplicationShutdown(): Promise<void> {
    await this.agent.close();
  }

  async endpoints(option: LoginOptionRecord): Promise<OidcEndpoints> {
    const given = { authorizationEndpoint: option.authorizationEndpoint, tokenEndpoint: option.tokenEndpoint, jwksUri: option.jwksUri };
    if (!option.issuer) return { ...given, issuer: undefined } as OidcEndpoints;
    const cached = this.discovery.get(option.issuer);
    if (cached && Date.now() - cached.at < CACHE_MS) return { ...cached.endpoints, ...definedOnly(given) };
    const { status, body } = await getJson(this.agent, `${option.issuer}/.well-known/openid-configuration`);
    if (status !== 200 || !body?.authorization_endpoint || !body.token_endpoint || !body.jwks_uri) throw refused('the issuer has no usable discovery document');
    const endpoints = { issuer: String(body.issuer ?? option.issuer), authorizationEndpoint: body.authorization_endpoint, tokenEndpoint: body.token_endpoint, jwksUri: body.jwks_uri };
    this.discovery.set(option.issuer, { at: Date.now(), endpoints });
    return { ...endpoints, ...definedOnly(given) };
  }

  /** Exchanges `code` and answers the verified ID token's claims. */
  async login(option: LoginOptionRecord, code: string, verifier: string | undefined, nonce: string): Promise<Record<string, unknown>> {
    const endpoints = await this.endpoints(option);
    const form = new URLSearchParams({ grant_type: 'authorization_code', code, redirect_uri: option.redirectToPlatform, client_id: option.clientId });
    if (verifier) form.set('code_verifier', verifier);
    const headers: Record<string, string> = { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' };
    const secret = this.options.clientSecret(option);
    if (secret) headers.authorization = `Basic ${Buffer.from(`${encodeURIComponent(option.clientId)}:${encodeURIComponent(secret)}`).toString('base64')}`;
    const { status, body } = await getJson(this.agent, endpoints.tokenEndpoint, { method: 'POST', headers, body: form.toString() });
    if (status !== 200 || typeof body?.id_token !== 'string') throw refused(`the authorization server refused the code (${body?.error ?? status})`);
    return this.verifyIdToken(option, endpoints, body.id_token, nonce);
  }

  private async verifyIdToken(option: LoginOptionRecord, endpoints: OidcEndpoints, idToken: string, nonce: string) {
    const jwt = decodeJwt(idToken);
    if (!jwt || jwt.header.alg !== 'RS256' || typeof jwt.header.kid !== 'string') throw refused('the ID token is not signed RS256 with a key id');
    const key = await this.key(endpoints.jwksUri, jwt.header.kid);
    if (!key || !hasValidSignature(jwt, 'RS256', key)) throw refused('the ID token\'s signature is not valid');
    const p = jwt.payload;
    const audiences = Array.isArray(p.aud) ? p.aud : [p.aud];
    if (endpoints.issuer && p.iss !== endpoints.issuer) throw refused('the ID token names another issuer');
    if (!audiences.includes(option.clientId)) throw refused('the ID token is for another client');
    if (typeof p.exp !== 'number' || !isWithinValidity(p)) throw refused('the ID token has expired');
    if (p.nonce !== nonce) throw refused('the ID token\'s nonce does not match');
    return p;
  }

  private async key(jwksUri: string, kid: string): Promise<KeyObject | undefined> {
    const cached = this.keys.get(jwksUri);
    if (cached && Date.now() - cached.at < CACHE_MS && cached.byKid.has(kid)) return cached.byKid.get(kid);
    if (cached && Date.now() - cached.at < 10_000) return cached.byKid.get(kid);
    const { status, body } = await getJson(this.agent, jwksUri);
    if (status !== 200 || !Array.isArray(body?.keys)) throw refused('the authorization server\'s JWKS is not available');
    const byKid = new Map<string, KeyObject>();
    for (const jwk of body.keys) {
      if (jwk?.kty !== 'RSA' || typeof jwk.kid !== 'string' || (jwk.use && jwk.use !== 'sig')) continue;
      try {
        byKid.set(jwk.kid, createPublicKey({ key: jwk, format: 'jwk' }));
      } catch {
        continue;
      }
    }
    this.keys.set(jwksUri, { at: Date.now(), byKid });
    return byKid.get(kid);
  }
}

function definedOnly<T extends object>(o: T): Partial<T> {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as Partial<T>;
}
