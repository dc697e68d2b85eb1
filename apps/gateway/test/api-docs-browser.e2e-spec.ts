import { openInChromium, testStack, type BrowserPage } from '@berth/testing';
import { operations } from './openapi/document-checks';

/** The reference page as a browser shows it: swagger-ui renders the whole interface, nothing refused or failing. */
describe('gateway: /api-docs in Chromium', () => {
  let page: BrowserPage;

  afterAll(async () => { await page?.close(); });

  it('renders every operation of /openapi.json with no console error or CSP violation', async () => {
    const documented = operations(await (await fetch(`${testStack.gatewayUrl}/openapi.json`)).json()).length;

    page = await openInChromium(`${testStack.gatewayUrl}/api-docs`);
    const rendered = await page.waitFor<number>(
      "document.querySelectorAll('#reference .opblock').length", 'swagger-ui rendering the operations', 30000);
    expect(rendered).toBe(documented);
    const paths = await page.evaluate<string[]>("[...document.querySelectorAll('#reference .opblock-summary-path')].map((e) => e.textContent)");
    expect(paths).toContain('/application/applications');
    expect(await page.evaluate<string>("getComputedStyle(document.querySelector('#reference .opblock')).borderStyle")).toBe('solid');
    expect(page.problems).toEqual([]);
  });
});
