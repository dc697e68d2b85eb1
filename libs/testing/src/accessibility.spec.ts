import { blockingViolations } from './accessibility';

describe('the accessibility summary', () => {
  it('keeps only serious and critical violations, each with its first three targets', () => {
    const nodes = (n: number) => Array.from({ length: n }, (_, i) => ({ target: [`#f${i}`] }));
    expect(blockingViolations([
      { id: 'image-alt', impact: 'critical', help: 'Images need alt text', nodes: nodes(5) },
      { id: 'color-contrast', impact: 'serious', help: 'Enough contrast', nodes: [{ target: ['iframe', '#inner'] }] },
      { id: 'region', impact: 'moderate', help: 'Content in landmarks', nodes: nodes(1) },
      { id: 'list', impact: 'minor', help: 'Lists hold items', nodes: nodes(1) },
      { id: 'unknown', impact: null, help: 'No impact', nodes: nodes(1) },
    ])).toEqual([
      { id: 'image-alt', impact: 'critical', help: 'Images need alt text', targets: ['#f0', '#f1', '#f2'] },
      { id: 'color-contrast', impact: 'serious', help: 'Enough contrast', targets: ['iframe #inner'] },
    ]);
  });
});
