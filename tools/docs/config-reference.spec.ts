import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import { describeField, GENERATE_COMMAND, renderConfigReference, undescribedFields } from './config-reference';

const PAGE = join(__dirname, '..', '..', 'docs', 'configuration.md');

describe('configuration reference (docs/configuration.md)', () => {
  it('has a description for every field of every app\'s config schema', () => {
    expect(undescribedFields()).toEqual([]);
  });

  it('finds a field without a description', () => {
    const schema = z.object({ DESCRIBED: z.string().describe('said'), BARE: z.coerce.number().default(1) });
    expect(undescribedFields([{ app: 'some-app', schema }])).toEqual(['some-app.BARE']);
  });

  it('reads default, rules and description through transforms and refinements', () => {
    const field = z.enum(['true', 'false']).default('false').transform((v) => v === 'true').refine(Boolean).describe('a flag');
    expect(describeField('FLAG', field)).toEqual({ name: 'FLAG', description: 'a flag', default: 'false', required: false, rules: ['one of `true`, `false`'] });
    expect(describeField('KEY', z.string().min(32)).required).toBe(true);
    expect(describeField('N', z.coerce.number().int().min(1).max(9).optional()).rules).toEqual(['a whole number, 1–9']);
  });

  it('is what the generator renders from the schemas', () => {
    const rendered = renderConfigReference();
    if (process.env.BERTH_DOCS_WRITE === '1') writeFileSync(PAGE, rendered);
    const page = existsSync(PAGE) ? readFileSync(PAGE, 'utf8') : '';
    if (page !== rendered) throw new Error(`docs/configuration.md is not what the config schemas render: run \`${GENERATE_COMMAND}\` and commit the page`);
  });
});
