import * as core from './undici-core';

describe('undici-core', () => {
  it('exports the objects of undici\'s index, with the request methods on every dispatcher', () => {
    const pool = new core.Pool('http://127.0.0.1:1');
    expect(typeof pool.request).toBe('function');
    expect(typeof pool.stream).toBe('function');
    // Loaded after: the index must hand out the very same constructors.
    const full = require('undici') as typeof import('undici');
    expect(core.Pool).toBe(full.Pool);
    expect(core.Agent).toBe(full.Agent);
    expect(core.buildConnector).toBe(full.buildConnector);
    expect(core.errors).toBe(full.errors);
    expect(core.Pool.prototype.request).toBe(full.Dispatcher.prototype.request);
    return pool.close();
  });
});
