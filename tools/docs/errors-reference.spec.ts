import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { GENERATE_COMMAND } from './config-reference';
import { renderErrorsReference } from './errors-reference';

const PAGE = join(__dirname, '..', '..', 'docs', 'errors.md');

describe('errors reference (docs/errors.md)', () => {
  it('is what the error guide renders', () => {
    const rendered = renderErrorsReference();
    if (process.env.BERTH_DOCS_WRITE === '1') writeFileSync(PAGE, rendered);
    const page = existsSync(PAGE) ? readFileSync(PAGE, 'utf8') : '';
    if (page !== rendered) throw new Error(`docs/errors.md is not what libs/http/src/error-guide.ts renders: run \`${GENERATE_COMMAND}\` and commit the page`);
  });
});
