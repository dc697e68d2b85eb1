import { createHmac, hash } from 'node:crypto';
import type Redis from 'ioredis';
import { Principal, signPrincipal } from '@berth/auth';

/** A verified identity: the principal, its signed internal token, and for platform tokens their XSRF token. */
export interface CachedPrincipal { key: string; principal: Principal; token: string; tokenExpires: number; xsrfToken?: string }

/** What is kept per credentials (also in Redis): never a password or a token. */
export interface Verified { principal: Principal; xsrfToken?: string; expiresAt?: number }

export interface CredentialCacheOptions { internalKey: string; redisPrefix: string; ttlSeconds: number; maxEntries: number }

/**
 * Longest material the process's own level keeps as it is (a signed platform token fits); longer
 * material is kept by its SHA-256. Hashing a token costs more than the rest of a cached
 * authentication on a machine without SHA instructions; material of this size costs at most 2 KiB
 * per entry (`BERTH_AUTH_CACHE_ENTRIES`).
 */
const MAX_PLAIN_KEY = 2048;

/**
 * Longest material the process's own level is keyed by whole (Basic credentials); longer material
 * (a token) is keyed by its last TAIL_KEY characters, and a hit must equal the whole material kept
 * in the entry. A map lookup reads every character of its key, and comparing two strings is cheaper
 * than that: a token's tail, its signature, tells tokens apart.
 */
const MAX_WHOLE_KEY = 256;
const TAIL_KEY = 64;

/** How long a signed principal is valid; it is signed again when less than half of this is left. */
const TOKEN_TTL_MS = 60_000;

/**
 * Verified credentials (docs/architecture.md): in process, with Redis as a second level shared by
 * the gateway's replicas. Callers name credentials by their material (the header values that carry
 * them). Redis is keyed by an HMAC of it (`key`), never the credentials themselves. The process's
 * own level keeps material up to MAX_PLAIN_KEY as it came (Basic credentials, signed platform
 * tokens), keyed whole or by its tail (MAX_WHOLE_KEY), so a hit costs a map lookup instead of a
 * digest: those credentials stay in the gateway's memory while cached, next to the internal key
 * that could sign any principal anyway. Longer material is keyed there by its SHA-256, so no entry
 * holds more than MAX_PLAIN_KEY of it.
 * Entries are indexed by user and tenant so identity events can drop them; they also expire after
 * `ttlSeconds`, which bounds staleness if an event is missed.
 */
export class CredentialCache {
  /** By local key (`localKey`); `material` where the key is only its tail. */
  private readonly local = new Map<string, { entry: CachedPrincipal; expires: number; material?: string }>();
  private readonly byOwner = new Map<string, Set<string>>();
  private evictionCount = 0;

  constructor(private readonly redis: Redis, private readonly options: CredentialCacheOptions) {}

  /** The Redis key of credentials: an HMAC of their material. */
  keyOf(material: string): string {
    return createHmac('sha256', this.options.internalKey).update(material).digest('base64url');
  }

  /** The principal cached in this process for `material`, with a signed token that is still fresh. */
  peek(material: string, now = Date.now()): CachedPrincipal | undefined {
    const localKey = this.localKey(material);
    const hit = this.local.get(localKey);
    if (hit === undefined || (hit.material !== undefined && hit.material !== material)) return undefined;
    if (hit.expires > now) return this.fresh(hit.entry, now);
    this.local.delete(localKey);
    return undefined;
  }

  /** The cached principal for `material`, from memory or Redis, with a signed token that is still fresh. */
  async get(material: string, now = Date.now()): Promise<CachedPrincipal | undefined> {
    return this.peek(material, now) ?? this.load(material, now);
  }

  /** The principal Redis holds for `material` (another replica verified it), kept in this process too; for a miss in `peek`. */
  async load(material: string, now = Date.now()): Promise<CachedPrincipal | undefined> {
    const key = this.keyOf(material);
    const since = this.evictions;
    const stored = await this.redis.get(this.redisKey('cred', key)).catch(() => null);
    if (!stored || since !== this.evictions) return undefined;
    const verified = JSON.parse(stored) as Verified;
    if (verified.expiresAt !== undefined && verified.expiresAt <= now) return undefined;
    return this.remember(material, key, verified, now);
  }

  /** Caches a verified identity in both levels, no longer than the credentials are valid. */
  async put(material: string, verified: Verified, since = this.evictions, now = Date.now()): Promise<CachedPrincipal> {
    const key = this.keyOf(material);
    // Credentials verified while something was evicted may be what was evicted: answer, but keep nothing.
    if (since !== this.evictions) return this.entry(key, verified, now);
    const entry = this.remember(material, key, verified, now);
    const { principal } = verified;
    const ttl = this.ttlSeconds(verified, now);
    await this.redis.multi()
      .set(this.redisKey('cred', key), JSON.stringify(verified), 'EX', ttl)
      .sadd(this.redisKey('user', userOf(principal)), key).expire(this.redisKey('user', userOf(principal)), ttl)
      .sadd(this.redisKey('tenant', principal.tenant), key).expire(this.redisKey('tenant', principal.tenant), ttl)
      .exec().catch(() => undefined);
    // An eviction that ran while this was being written may have missed it: drop it again.
    if (since !== this.evictions) await this.evictKey(key);
    return entry;
  }

  /** Drops one cached credential (e.g. the token a logout revoked), here and in Redis. */
  async evictKey(key: string): Promise<void> {
    // Rare (a logout): a scan of this process's entries is cheaper than an index kept per request.
    for (const [localKey, { entry }] of this.local) if (entry.key === key) this.local.delete(localKey);
    await this.redis.del(this.redisKey('cred', key)).catch(() => undefined);
  }

  /** Drops every cached credential of a user (`tenant/user`), here and in Redis. */
  evictUser(tenant: string, user: string): Promise<void> {
    return this.evict(this.redisKey('user', `${tenant}/${user}`), `u:${tenant}/${user}`);
  }

  /** Drops every cached credential of a tenant's users, here and in Redis. */
  evictTenant(tenant: string): Promise<void> {
    return this.evict(this.redisKey('tenant', tenant), `t:${tenant}`);
  }

  /** Counts evictions; a verification that spans one is not cached (see `put`). */
  get evictions(): number {
    return this.evictionCount;
  }

  private async evict(indexKey: string, owner: string) {
    this.evictionCount++;
    for (const localKey of this.byOwner.get(owner) ?? []) this.local.delete(localKey);
    this.byOwner.delete(owner);
    // One script, so a `put` running meanwhile cannot add a key between reading the index and deleting it.
    await this.redis.eval(EVICT_SCRIPT, 1, indexKey, this.redisKey('cred', '')).catch(() => undefined);
  }

  private ttlSeconds(verified: Verified, now: number): number {
    const until = verified.expiresAt === undefined ? Infinity : Math.ceil((verified.expiresAt - now) / 1000);
    return Math.max(1, Math.min(this.options.ttlSeconds, until));
  }

  private entry(key: string, { principal, xsrfToken }: Verified, now: number): CachedPrincipal {
    return { key, principal, xsrfToken, token: signPrincipal(principal, this.options.internalKey, now + TOKEN_TTL_MS), tokenExpires: now + TOKEN_TTL_MS };
  }

  private remember(material: string, key: string, { principal, xsrfToken, expiresAt }: Verified, now: number): CachedPrincipal {
    if (this.local.size >= this.options.maxEntries) this.local.delete(this.local.keys().next().value!);
    const entry = this.entry(key, { principal, xsrfToken }, now);
    const localKey = this.localKey(material);
    const whole = localKey.length < material.length && material.length <= MAX_PLAIN_KEY ? material : undefined;
    this.local.set(localKey, { entry, expires: now + this.ttlSeconds({ principal, expiresAt }, now) * 1000, material: whole });
    for (const owner of [`u:${userOf(principal)}`, `t:${principal.tenant}`]) {
      const localKeys = this.byOwner.get(owner) ?? new Set<string>();
      localKeys.add(localKey);
      this.byOwner.set(owner, localKeys);
    }
    return entry;
  }

  private fresh(entry: CachedPrincipal, now: number): CachedPrincipal {
    if (entry.tokenExpires - now > TOKEN_TTL_MS / 2) return entry;
    entry.token = signPrincipal(entry.principal, this.options.internalKey, now + TOKEN_TTL_MS);
    entry.tokenExpires = now + TOKEN_TTL_MS;
    return entry;
  }

  /** This process's key for `material`: itself when short, its tail up to MAX_PLAIN_KEY, else its SHA-256. */
  private localKey(material: string): string {
    if (material.length <= MAX_WHOLE_KEY) return material;
    return material.length <= MAX_PLAIN_KEY ? material.slice(-TAIL_KEY) : hash('sha256', material, 'base64url');
  }

  private redisKey(kind: string, id: string) {
    return `${this.options.redisPrefix}:auth:${kind}:${id}`;
  }
}

const userOf = (p: Principal) => `${p.tenant}/${p.user}`;

/** Deletes every credential an index set names, and the set: KEYS[1] the set, ARGV[1] the credentials' key prefix. */
const EVICT_SCRIPT = `
local keys = redis.call('SMEMBERS', KEYS[1])
for _, k in ipairs(keys) do redis.call('DEL', ARGV[1] .. k) end
redis.call('DEL', KEYS[1])
return #keys`;
