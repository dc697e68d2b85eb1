/* eslint-disable @typescript-eslint/no-require-imports */
import type * as undici from 'undici';

// The parts of undici the apps use, loaded without undici's index, which also loads fetch,
// WebSocket, EventSource, its cache, its interceptors and its mocks: about 110 modules against
// about 30, and in a bare process 30 MB more RSS against 16. The request methods (`request`,
// `stream`, …) are what the index adds to every dispatcher; they are added here the same way.
// `undici-core.spec.ts` checks that these are the very objects the index exports, so an upgrade
// that moves them fails the tests instead of the apps.
const Dispatcher = require('undici/lib/dispatcher/dispatcher') as typeof undici.Dispatcher;
Object.assign(Dispatcher.prototype, require('undici/lib/api'));

export const Pool = require('undici/lib/dispatcher/pool') as typeof undici.Pool;
export type Pool = undici.Pool;
export const Agent = require('undici/lib/dispatcher/agent') as typeof undici.Agent;
export type Agent = undici.Agent;
export const buildConnector = require('undici/lib/core/connect') as typeof undici.buildConnector;
export const errors = require('undici/lib/core/errors') as typeof undici.errors;
