import type { FastifyInstance } from 'fastify';
import { DomainError } from './domain-error';

/**
 * How deeply a request body's objects and arrays may nest. No resource of the interface nests
 * more than a few levels; far deeper bodies reach code that walks them recursively and the
 * database's own nesting limit, and fail there as server errors.
 */
export const MAX_BODY_DEPTH = 64;

const isContainer = (value: unknown): value is object => {
  if (typeof value !== 'object' || value === null) return false;
  if (Array.isArray(value)) return true;
  const proto = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
};

/**
 * Whether `value` nests plain objects and arrays more than `max` levels deep (a scalar is level
 * 0, `{}` level 1). Walks without recursion; anything that is not a plain object or array (a
 * Buffer, a stream) counts as a scalar.
 */
export function nestsDeeperThan(value: unknown, max: number): boolean {
  const stack: Array<[unknown, number]> = [[value, 0]];
  while (stack.length > 0) {
    const [current, depth] = stack.pop()!;
    if (!isContainer(current)) continue;
    if (depth + 1 > max) return true;
    for (const child of Object.values(current)) if (isContainer(child)) stack.push([child, depth + 1]);
  }
  return false;
}

/** The 400 for a body nested deeper than MAX_BODY_DEPTH. */
export function bodyTooDeep(max = MAX_BODY_DEPTH): DomainError {
  return new DomainError('general', 'Bad Request', `The request body nests objects and arrays more than ${max} levels deep`);
}

/**
 * Refuses, before any route sees it, a parsed body nested deeper than MAX_BODY_DEPTH (400
 * `general/Bad Request`), whatever its media type. Register before the routes.
 */
export function registerBodyDepthLimit(fastify: FastifyInstance, max = MAX_BODY_DEPTH): void {
  fastify.addHook('preValidation', (req, _reply, done) => done(nestsDeeperThan(req.body, max) ? bodyTooDeep(max) : undefined));
}
