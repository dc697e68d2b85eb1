import type { RawExchanges } from '@berth/runtime';
import { authenticate } from '../auth/authenticate.step';
import type { Authenticator } from '../auth/authenticator';
import { answerPreflight, corsHeaders } from '../cors/cors.step';
import type { GatewayCors } from '../cors/gateway-cors';
import { rateLimit } from '../rate-limit/rate-limit.step';
import type { RateLimiter } from '../rate-limit/rate-limiter';
import { Destinations, route } from '../routing/route.step';
import { countUsage } from '../usage/usage.step';
import type { UsageCounter } from '../usage/usage-counter';
import { limitBody } from './body-limit.step';
import { correlate } from './correlate.step';
import { NamedStep, Pipeline } from './runner';

export interface GatewayPipelineParts {
  exchanges: RawExchanges; usage: UsageCounter; cors: GatewayCors; authenticator: Authenticator; limiter: RateLimiter;
  /** `BERTH_HTTP_MAX_BODY_BYTES`. */
  maxBodyBytes: number;
  to: Destinations;
}

/**
 * The gateway's request pipeline (docs/architecture.md, "The gateway's pipeline"): every request,
 * whatever it is for, runs these steps in this order. Each rule (usage, CORS, authentication,
 * body limit, rate limit) is one step, here and nowhere else.
 */
export function gatewaySteps(parts: GatewayPipelineParts): NamedStep[] {
  return [
    ['correlate', correlate(parts.exchanges)],
    ['usage', countUsage(parts.usage)],
    ['preflight', answerPreflight(parts.cors, parts.to.security)],
    ['authenticate', authenticate(parts.authenticator)],
    ['cors', corsHeaders(parts.cors)],
    ['body limit', limitBody(parts.maxBodyBytes)],
    ['rate limit', rateLimit(parts.limiter)],
    ['route', route(parts.to)],
  ];
}

/** The pipeline of `steps`; a refusal from any of them first gets the CORS headers (cors.step.ts). */
export function gatewayPipeline(parts: GatewayPipelineParts, steps: readonly NamedStep[] = gatewaySteps(parts)): Pipeline {
  return new Pipeline(steps, { exchanges: parts.exchanges, beforeRefusal: corsHeaders(parts.cors) });
}
