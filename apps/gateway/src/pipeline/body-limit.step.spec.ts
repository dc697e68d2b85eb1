import { exchangeFor } from '../../test/exchange';
import { limitBody } from './body-limit.step';

describe('body limit step', () => {
  const step = limitBody(10);

  it('refuses a declared length over the limit with 413', () => {
    expect(() => step(exchangeFor('POST', '/x', { 'content-length': '11' }))).toThrow(expect.objectContaining({ status: 413 }));
  });

  it('lets a body within the limit, and a chunked one (limited on its way), go on', () => {
    expect(step(exchangeFor('POST', '/x', { 'content-length': '10' }))).toBeUndefined();
    expect(step(exchangeFor('POST', '/x', { 'transfer-encoding': 'chunked' }))).toBeUndefined();
  });
});
