import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import {
  checkAccessibility, consoleUrl, helloImage, installTestConsole, managementLogin, microserviceZip, newTenant, screenshot, signIn, useBrowser, zip,
  type ConsoleLogin, type ExpectedResponse,
} from '@berth/testing';

/**
 * The console's application pages and subscriptions page in Chromium against the test stack
 * (docs/console.md#pages): create, upload with progress, versions and roll back, MARKET, subscribe
 * (also as another tenant's admin), and the platform's refusals shown where they happen.
 */
describe('the web console: applications and subscriptions', () => {
  const browser = useBrowser();
  const suffix = randomUUID().slice(0, 8);
  const service = `e2e-svc-${suffix}`;
  const web = `e2e-web-${suffix}`;
  let other: { id: string; login: ConsoleLogin };

  beforeAll(async () => {
    await installTestConsole();
    const tenant = await newTenant();
    other = { id: tenant.id, login: { tenant: tenant.id, user: 'boss', password: tenant.admin[1] } };
  });

  /** A fresh page of the console signed in with the cookie flow (the context's cookies cleared first). */
  async function open(login: ConsoleLogin = managementLogin()) {
    await browser.current.context.clearCookies();
    const opened = await browser.open(consoleUrl());
    await signIn(opened.page, login);
    return opened;
  }

  async function scan(page: Page, name: string) {
    expect(await checkAccessibility(page, name)).toEqual([]);
    await screenshot(page, name);
  }

  async function createApplication(page: Page, type: string, name: string) {
    await page.getByRole('link', { name: 'Applications', exact: true }).click();
    await page.getByRole('button', { name: 'Create application' }).click();
    await page.getByLabel('Application type').selectOption(type);
    await page.getByLabel('Application name').fill(name);
    await page.getByRole('button', { name: 'Create', exact: true }).click();
    await page.getByRole('heading', { level: 1, name }).waitFor();
  }

  /** Chooses `archive` in the upload form, sends it and answers what the page showed of it, in order. */
  async function upload(page: Page, fileName: string, archive: Buffer) {
    await page.getByLabel('Archive (ZIP)').setInputFiles({ name: fileName, mimeType: 'application/zip', buffer: archive });
    await page.evaluate(() => {
      const seen: string[] = [];
      (window as unknown as { uploadSeen: string[] }).uploadSeen = seen;
      const note = (line: string) => { if (seen[seen.length - 1] !== line) seen.push(line); };
      new MutationObserver(() => {
        const bar = document.querySelector('[role="progressbar"][aria-label="Upload progress"]');
        if (bar) note(`bar ${bar.getAttribute('aria-valuenow')}`);
        for (const status of document.querySelectorAll('.upload-progress [role="status"], .upload-progress [role="alert"]')) note(status.textContent ?? '');
      }).observe(document.body, { subtree: true, childList: true, attributes: true, characterData: true });
    });
    await page.getByRole('button', { name: 'Upload', exact: true }).click();
    await page.locator('.upload-progress').getByRole('status').or(page.locator('.upload-progress').getByRole('alert'))
      .filter({ hasText: /uploaded and activated|\(applications\// }).waitFor();
    return page.evaluate(() => (window as unknown as { uploadSeen: string[] }).uploadSeen);
  }

  /**
   * Sends a 2 MiB archive over a connection throttled to 256 KiB/s (Chromium's network emulation),
   * and cancels it once the bar shows part of it sent.
   */
  async function cancelSlowUpload(page: Page) {
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: 256 * 1024 });
    try {
      const filler = Buffer.alloc(2 * 1024 * 1024);
      for (let i = 0; i < filler.length; i++) filler[i] = (i * 7919) % 251;
      await page.getByLabel('Archive (ZIP)').setInputFiles({ name: 'big.zip', mimeType: 'application/zip', buffer: zip([{ name: 'index.html', data: '<!doctype html>' }, { name: 'filler.bin', data: filler }]) });
      await page.getByRole('button', { name: 'Upload', exact: true }).click();
      const bar = page.getByRole('progressbar', { name: 'Upload progress' });
      await page.waitForFunction(() => {
        const now = Number(document.querySelector('[role="progressbar"][aria-label="Upload progress"]')?.getAttribute('aria-valuenow'));
        return now > 0 && now < 100;
      });
      await page.getByText(/ of 2\.0 MiB sent$/).waitFor();
      await page.getByRole('button', { name: 'Cancel upload' }).click();
      await page.getByRole('status').filter({ hasText: 'Upload cancelled.' }).waitFor();
      expect(Number(await bar.getAttribute('aria-valuenow'))).toBeLessThan(100);
      await page.getByText('No version uploaded yet.').waitFor();
    } finally {
      await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });
      await cdp.detach();
    }
  }

  const versionRow = (page: Page, version: string) =>
    page.getByRole('table', { name: 'Versions' }).getByRole('row').filter({ has: page.getByRole('cell', { name: version, exact: true }) });

  async function subscribe(page: Page, name: string) {
    await page.getByLabel('Application name').fill(name);
    await page.getByRole('button', { name: 'Filter' }).click();
    await page.getByRole('button', { name: `Subscribe ${name}` }).click();
  }

  it('creates a microservice, uploads the example ZIP with the bar reaching 100 % and subscribes the tenant to it', async () => {
    const { page, problems } = await open();
    await scan(page, 'console-applications-list');
    await createApplication(page, 'MICROSERVICE', service);
    await page.getByText('Required roles').waitFor();

    const manifest = { apiVersion: '2', name: service, version: '1.0.0', provider: { name: 'berth' }, requiredRoles: ['ROLE_INVENTORY_READ'] };
    const seen = await upload(page, `${service}.zip`, microserviceZip(manifest, helloImage()));
    expect(seen).toContain('bar 100');
    expect(seen).toContain('Checking the archive…');
    expect(seen[seen.length - 1]).toBe('Version 1.0.0 uploaded and activated.');
    expect(seen.indexOf('Checking the archive…')).toBeLessThan(seen.length - 1);
    await versionRow(page, '1.0.0').getByText('Active').waitFor();
    await page.getByText('ROLE_INVENTORY_READ').waitFor();
    await scan(page, 'console-microservice-details');

    await page.getByRole('link', { name: 'Subscriptions', exact: true }).click();
    await subscribe(page, service);
    await page.getByText(`${service} needs no other subscription.`).waitFor();
    await page.getByRole('button', { name: 'Subscribe', exact: true }).click();
    await page.getByRole('table', { name: 'Applications subscribed by management' }).getByRole('button', { name: `Unsubscribe ${service}` }).waitFor();
    await page.getByRole('cell', { name: 'ROLE_INVENTORY_READ' }).waitFor();
    await scan(page, 'console-subscriptions');
    expect(problems.unexpected()).toEqual([]);
  }, 180000);

  it('uploads two versions of a web application, rolls back to the first, edits tags, deletes the second and offers it on the market', async () => {
    const { page, problems } = await open();
    await createApplication(page, 'HOSTED', web);
    const site = (version: string) => zip([{ name: 'index.html', data: `<!doctype html><title>${version}</title>` }, { name: 'cumulocity.json', data: JSON.stringify({ version }) }]);

    await cancelSlowUpload(page);

    const refused = await upload(page, 'broken.zip', zip([{ name: 'readme.txt', data: 'no index.html' }]));
    expect(refused).toContain('Checking the archive…');
    await page.locator('.upload-progress').getByRole('alert').filter({ hasText: 'applications/Unprocessable Entity' }).waitFor();
    await page.getByText('No version uploaded yet.').waitFor();

    expect((await upload(page, 'web-1.zip', site('1.0.0'))).pop()).toBe('Version 1.0.0 uploaded and activated.');
    await versionRow(page, '1.0.0').getByText('Active').waitFor();
    expect((await upload(page, 'web-2.zip', site('2.0.0'))).pop()).toBe('Version 2.0.0 uploaded and activated.');
    await versionRow(page, '2.0.0').getByText('Active').waitFor();
    expect(await versionRow(page, '1.0.0').getByText('Active').count()).toBe(0);

    await page.getByRole('button', { name: 'Roll back to 1.0.0' }).click();
    await versionRow(page, '1.0.0').getByText('Active').waitFor();
    await versionRow(page, '2.0.0').getByRole('button', { name: 'Activate 2.0.0' }).waitFor();
    expect(await page.locator('.details').textContent()).toContain('Active version1.0.0');

    await versionRow(page, '1.0.0').getByLabel('New tag for 1.0.0').fill('stable');
    await versionRow(page, '1.0.0').getByRole('button', { name: 'Add tag' }).click();
    await page.getByRole('button', { name: 'Remove tag stable from 1.0.0' }).waitFor();
    await page.getByRole('button', { name: 'Remove tag latest from 2.0.0' }).click();
    await page.getByRole('list', { name: 'Tags of 2.0.0' }).getByText('latest').waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'Delete 2.0.0' }).click();
    await page.getByRole('button', { name: 'Yes, delete 2.0.0' }).click();
    await versionRow(page, '2.0.0').waitFor({ state: 'detached' });
    await scan(page, 'console-hosted-versions');

    await page.getByLabel('Availability').selectOption('MARKET');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await page.getByRole('status').filter({ hasText: 'Saved.' }).waitFor();
    await page.locator('.details').getByText('MARKET').waitFor();
    const cancelled = (line: string) => /^POST \S+\/binaries failed: net::ERR_ABORTED$/.test(line);
    expect(problems.unexpected([{ url: /\/application\/applications\/\d+\/binaries$/, method: 'POST', status: 422 }]).filter((line) => !cancelled(line))).toEqual([]);
  }, 180000);

  it("lets another tenant's admin see what is missing, subscribe to the MARKET application and clone it", async () => {
    const { page, problems } = await open(other.login);
    await page.getByRole('link', { name: 'Subscriptions', exact: true }).click();
    await page.getByRole('heading', { name: `Subscribed by ${other.id}` }).waitFor();
    expect(await page.getByRole('combobox', { name: 'Tenant' }).count()).toBe(0);

    await subscribe(page, 'smartrule');
    await page.getByRole('list', { name: 'What smartrule needs' }).getByText('cep or cep-small: missing').waitFor();
    await page.getByText('Subscribe cep or cep-small first').waitFor();
    await page.getByRole('button', { name: 'Subscribe', exact: true }).click();
    await page.getByRole('alert').filter({ hasText: 'applications/Update Conflict' }).waitFor();
    await scan(page, 'console-subscriptions-missing-dependency');
    await page.getByRole('button', { name: 'Cancel' }).click();

    await subscribe(page, web);
    await page.getByRole('button', { name: 'Subscribe', exact: true }).click();
    await page.getByRole('table', { name: `Applications subscribed by ${other.id}` }).getByRole('link', { name: web }).waitFor();
    await scan(page, 'console-subscriptions-other-tenant');

    await page.getByRole('link', { name: web }).click();
    await page.getByRole('heading', { level: 1, name: web }).waitFor();
    await page.getByText('Owned by tenant management').waitFor();
    await versionRow(page, '1.0.0').getByText('Active').waitFor();
    expect(await page.getByRole('button', { name: /Activate|Roll back|Delete/ }).count()).toBe(0);
    await scan(page, 'console-market-application');
    await page.getByRole('button', { name: 'Clone' }).click();
    await page.getByRole('heading', { level: 1, name: `clone${web}` }).waitFor();
    await page.locator('.details').getByText(other.id, { exact: true }).waitFor();
    await versionRow(page, '1.0.0').getByText('Active').waitFor();
    expect(problems.unexpected([{ url: `/tenant/tenants/${other.id}/applications`, method: 'POST', status: 409 }])).toEqual([]);
  }, 120000);

  it("shows the other tenant's subscriptions to the management tenant, and the conflict when deleting the subscribed application", async () => {
    const { page, problems } = await open();
    await page.getByRole('link', { name: 'Subscriptions', exact: true }).click();
    await page.getByLabel('Tenant').selectOption(other.id);
    await page.getByRole('table', { name: `Applications subscribed by ${other.id}` }).getByRole('link', { name: web }).click();

    await page.getByRole('heading', { level: 1, name: web }).waitFor();
    await page.getByRole('button', { name: 'Delete', exact: true }).click();
    await page.getByRole('button', { name: 'Yes, delete' }).click();
    await page.getByRole('alert').filter({ hasText: 'applications/Update Conflict' }).waitFor();
    expect(await page.getByRole('alert').filter({ hasText: 'applications/Update Conflict' }).textContent()).toContain(other.id);
    await page.getByRole('heading', { level: 1, name: web }).waitFor();
    await scan(page, 'console-delete-conflict');
    const deleteConflict: ExpectedResponse = { url: /\/application\/applications\/\d+$/, method: 'DELETE', status: 409 };
    expect(problems.unexpected([deleteConflict])).toEqual([]);
  }, 120000);
});
