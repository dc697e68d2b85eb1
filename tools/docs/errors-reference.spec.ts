import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ERROR_KINDS_BY_STATUS } from '@berth/http';
import { GENERATE_COMMAND } from './config-reference';
import { renderErrorsReference } from './errors-reference';

const PAGE = join(__dirname, '..', '..', 'docs', 'errors.md');

describe('errors reference (docs/errors.md)', () => {
  it('has one row per error kind', () => {
    const rows = renderErrorsReference().split('\n').filter((line) => /^\| \d{3} \|/.test(line));
    expect(rows.map((row) => row.split('`')[1])).toEqual([...ERROR_KINDS_BY_STATUS]);
  });

  it(`is what the error guide renders (else run \`${GENERATE_COMMAND}\` and commit the page)`, () => {
    const rendered = renderErrorsReference();
    if (process.env.BERTH_DOCS_WRITE === '1') writeFileSync(PAGE, rendered);
    const page = existsSync(PAGE) ? readFileSync(PAGE, 'utf8') : '';
    expect(page).toBe(rendered);
  });
});
