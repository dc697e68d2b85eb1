import { exchangeFor } from '../../test/exchange';
import type { UsageCounter } from './usage-counter';
import { countUsage } from './usage.step';

describe('usage step', () => {
  it('counts each request by its path and headers, query left out', () => {
    const counted: string[] = [];
    const counter = { countRequest: (path: string, headers: Record<string, unknown>) => counted.push(`${path} ${String(headers['x-berth-application-key'])}`) };
    const step = countUsage(counter as unknown as UsageCounter);
    expect(step(exchangeFor('GET', '/user/currentUser?x=1', { 'x-berth-application-key': 'cockpit' }))).toBeUndefined();
    expect(counted).toEqual(['/user/currentUser cockpit']);
  });
});
