import type { IncomingMessage } from 'node:http';
import { Inject, Injectable } from '@nestjs/common';
import { PUBLIC_BASE_HEADER, verifyPublicBase } from '@berth/auth';
import type { BaseConfig } from '@berth/config';
import { currentWork } from '@berth/messaging';
import { BASE_CONFIG } from '../app-info';

/** How an app decides the public base URL of a request: the URL its links start with, without a trailing `/`. */
export type PublicBaseOf = (req: IncomingMessage) => string;

/** `BERTH_PUBLIC_URL` without its trailing `/`: the base when a request names none. */
export function configuredBase(config: Pick<BaseConfig, 'BERTH_PUBLIC_URL'>): string {
  return config.BERTH_PUBLIC_URL.replace(/\/$/, '');
}

/**
 * An internal app's rule: the base the gateway signed into `X-Berth-Public-Base`
 * (libs/auth public-base-token), else the configured one (a request that did not come through
 * the gateway, or a header anyone else made).
 */
export function signedPublicBase(config: Pick<BaseConfig, 'BERTH_PUBLIC_URL' | 'BERTH_INTERNAL_KEY'>): PublicBaseOf {
  const fallback = configuredBase(config);
  return (req) => verifyPublicBase(req.headers[PUBLIC_BASE_HEADER], config.BERTH_INTERNAL_KEY) ?? fallback;
}

/** `decide`, run at most once per request: the request pipeline and its error answers see the same base. */
export function oncePerRequest(decide: PublicBaseOf): PublicBaseOf {
  const decided = new WeakMap<IncomingMessage, string>();
  return (req) => {
    let base = decided.get(req);
    if (base === undefined) decided.set(req, base = decide(req));
    return base;
  };
}

/**
 * The public base of the request being served (its work context's `publicBase`), for everything
 * that builds links (docs/api/conventions.md); outside a request (a message consumer), the configured one.
 */
@Injectable()
export class PublicBase {
  private readonly fallback: string;

  constructor(@Inject(BASE_CONFIG) config: BaseConfig) {
    this.fallback = configuredBase(config);
  }

  get url(): string {
    return currentWork()?.publicBase ?? this.fallback;
  }
}
