import { randomBytes } from 'node:crypto';
import type { Page } from 'playwright-core';
import { admin, checkAccessibility, eventually, gw, installTestConsole, newTenant, openConsole, screenshot, signIn, testServerPort, TestSmsc, useBrowser } from '@berth/testing';

const SMSC_PORT = testServerPort('console-smsc');
const SMSC_PASSWORD = `smsc-${randomBytes(4).toString('hex')}`;
const SENDER = '+4915112345678';
const RECIPIENT = '+4917612345678';
const CATEGORY = `console-e2e-${randomBytes(3).toString('hex')}`;

/** The Options and SMS pages of the console, used by a tenant's admin in a real Chromium (docs/console.md). */
describe('the web console: options and SMS', () => {
  const browser = useBrowser();
  const smsc = new TestSmsc({ port: SMSC_PORT, password: SMSC_PASSWORD });
  let tenant: { id: string; admin: [string, string] };

  beforeAll(async () => {
    await installTestConsole();
    await smsc.start();
    tenant = await newTenant();
    // The new tenant's admin signs in once the platform accepts its credentials.
    expect((await eventually(() => gw('/user/currentUser', { as: tenant.admin }), (r) => r.status === 200, 20000)).status).toBe(200);
    // An ordinary option for the category filter to find, whatever the secret flow did.
    expect((await gw('/tenant/options', { method: 'POST', as: tenant.admin, body: { category: CATEGORY, key: 'greeting', value: 'hello from the tenant' } })).status).toBe(201);
    // A system option to see read-only: the platform's own settings, written by the management tenant.
    const system = await gw('/tenant/system/options', { method: 'POST', as: admin(), body: { category: CATEGORY, key: 'greeting', value: 'hello from the platform' } });
    expect(system.status).toBe(201);
  }, 60000);

  afterAll(() => smsc.stop());

  async function openAsTenantAdmin(section: string) {
    const opened = await openConsole(browser);
    const [user, password] = tenant.admin;
    // Basic keeps no cookie, so each page of the spec signs in again.
    await signIn(opened.page, { tenant: tenant.id, user: user.split('/')[1], password, method: 'Basic authentication' });
    await opened.page.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name: section, exact: true }).click();
    await opened.page.getByRole('heading', { level: 1, name: section }).waitFor();
    return opened;
  }

  const optionsTable = (page: Page, category: string) => page.getByRole('table', { name: `Options of category ${category}` });

  it('sets a secret option: masked in the list, stored, and never answered to the tenant', async () => {
    const { page, problems } = await openAsTenantAdmin('Options');
    const secret = `s3cr3t-${randomBytes(6).toString('hex')}`;
    await page.getByRole('button', { name: 'Create option' }).click();
    const form = page.getByRole('form', { name: 'Create option' });
    await form.getByLabel('Category').fill(CATEGORY);
    await form.getByLabel('Key').fill('credentials.apiToken');
    await form.getByLabel('New secret value').fill(secret);
    await form.getByRole('button', { name: 'Save' }).click();
    await optionsTable(page, CATEGORY).getByRole('row', { name: /credentials\.apiToken/ }).getByText('••••• (secret)').waitFor();
    expect(await page.content()).not.toContain(secret);

    // Editing a secret starts from an empty field: its value is never in the page.
    await page.getByRole('button', { name: `Edit ${CATEGORY}/credentials.apiToken` }).click();
    const edit = page.getByRole('form', { name: `Edit option ${CATEGORY}/credentials.apiToken` });
    expect(await edit.getByLabel('New secret value').inputValue()).toBe('');
    await edit.getByRole('button', { name: 'Cancel' }).click();

    const stored = await gw(`/tenant/options/${CATEGORY}/credentials.apiToken`, { as: tenant.admin });
    expect(stored.status).toBe(200);
    expect(stored.body).toMatchObject({ category: CATEGORY, key: 'credentials.apiToken' });
    expect(stored.body).not.toHaveProperty('value');
    expect(JSON.stringify((await gw(`/tenant/options/${CATEGORY}`, { as: tenant.admin })).body)).not.toContain(secret);

    expect(await checkAccessibility(page, 'console-options')).toEqual([]);
    await screenshot(page, 'console-options-secret');
    expect(problems.unexpected()).toEqual([]);
  });

  it('filters by category, shows system options read-only, and says why the platform refuses an option', async () => {
    const { page, problems } = await openAsTenantAdmin('Options');
    await page.getByRole('search', { name: 'Filter options' }).getByLabel('Category').fill(CATEGORY);
    await page.getByRole('button', { name: 'Filter' }).click();
    await optionsTable(page, CATEGORY).getByRole('row', { name: /greeting/ }).getByText('hello from the tenant').waitFor();
    expect(await page.getByRole('heading', { level: 2 }).allTextContents()).toEqual([CATEGORY, 'System options']);

    const system = page.getByRole('table', { name: 'System options (read-only)' });
    const row = system.getByRole('row', { name: new RegExp(`${CATEGORY}.*greeting`) });
    await row.getByText('hello from the platform').waitFor();
    expect(await system.getByRole('button').count()).toBe(0);
    expect(await system.getByRole('textbox').count()).toBe(0);

    // `messaging` is a category the platform reads: an unknown key is refused with its message.
    await page.getByRole('button', { name: 'Create option' }).click();
    const form = page.getByRole('form', { name: 'Create option' });
    await form.getByLabel('Category').fill('messaging');
    await form.getByLabel('Key').fill('not.a.setting');
    await form.getByLabel('Value').fill('x');
    await form.getByRole('button', { name: 'Save' }).click();
    const alert = form.getByRole('alert');
    await alert.waitFor();
    expect(await alert.textContent()).toMatch(/options\/Invalid Data/);

    expect(await checkAccessibility(page, 'console-options-filtered')).toEqual([]);
    await screenshot(page, 'console-options-system');
    expect(problems.unexpected([{ method: 'POST', url: '/tenant/options', status: 422 }])).toEqual([]);
  });

  it('configures the SMPP provider in the provider form, sends an SMS through the test SMSC and sees it delivered', async () => {
    const { page, problems } = await openAsTenantAdmin('SMS');
    const provider = page.getByRole('form', { name: 'Provider settings' });
    await provider.getByLabel('Provider').selectOption({ label: 'SMPP' });
    await provider.getByLabel('Sender address').fill(SENDER);
    await provider.getByLabel('Sender name').fill('Console');
    await provider.getByLabel('host').fill('127.0.0.1');
    await provider.getByLabel('port').fill(String(SMSC_PORT));
    await provider.getByLabel('systemId').fill(tenant.id);
    await provider.getByLabel('password').fill(SMSC_PASSWORD);
    await provider.getByRole('button', { name: 'Save provider settings' }).click();
    await provider.getByRole('status').filter({ hasText: 'Saved' }).waitFor();
    expect(await provider.getByLabel('password').inputValue()).toBe('');
    expect(await eventually(async () => smsc.isBound(tenant.id), (bound) => bound, 20000)).toBe(true);
    const configuration = await gw('/service/messaging/providers/configuration', { as: tenant.admin });
    expect(configuration.body).toEqual({
      provider: 'smpp', senderAddress: `tel:${SENDER}`, senderName: 'Console',
      settings: { host: '127.0.0.1', port: String(SMSC_PORT), systemId: tenant.id }, secrets: { password: true },
    });

    const text = `hello from the console ${randomBytes(4).toString('hex')}`;
    const send = page.getByRole('form', { name: 'Send an SMS' });
    await send.getByLabel('Recipient').fill(RECIPIENT);
    await send.getByLabel('Message').fill(text);
    await send.getByRole('button', { name: 'Send' }).click();
    const sent = page.getByRole('table', { name: 'Sent messages and their delivery' }).getByRole('row', { name: new RegExp(text) });
    await sent.getByText('DeliveredToTerminal').waitFor({ timeout: 30000 });
    expect(smsc.submits.filter((s) => s.systemId === tenant.id && s.text === text)).toEqual([
      expect.objectContaining({ source: SENDER.slice(1), destination: RECIPIENT.slice(1) }),
    ]);

    expect(await checkAccessibility(page, 'console-sms')).toEqual([]);
    await screenshot(page, 'console-sms-delivered');
    expect(problems.unexpected()).toEqual([]);
  });
});
