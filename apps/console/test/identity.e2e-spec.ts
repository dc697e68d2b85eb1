import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { admin, checkAccessibility, eventually, freshTotpCode, gw, installTestConsole, managementLogin, newTenant, newUser, openConsole, screenshot, signIn, submitLogin, useBrowser } from '@berth/testing';


const password = () => `Pw-${randomUUID()}`;

async function expectAccessible(page: Page, name: string) {
  expect(await checkAccessibility(page, name)).toEqual([]);
  await screenshot(page, name);
}

async function openSection(page: Page, title: string) {
  await page.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name: title, exact: true }).click();
  await page.getByRole('heading', { level: 1, name: title, exact: true }).waitFor();
}

/** Waits until the list section named `title` shows what it loaded. */
const settled = (page: Page, title: string) => page.getByRole('region', { name: title, exact: true }).and(page.locator('[aria-busy="false"]')).waitFor();

async function signOut(page: Page) {
  await page.getByRole('button', { name: 'Sign out' }).click();
  await page.getByRole('button', { name: 'Sign in' }).waitFor();
}

/** The identity pages (docs/console.md#pages) in Chromium against the test stack. */
describe('the web console: tenants, users, groups, roles, login options and TOTP', () => {
  const browser = useBrowser();
  beforeAll(async () => { await installTestConsole(); });

  const chief = { name: 'chief', password: password() };
  let subtenant: string;

  it('the management admin (Basic) creates a subtenant, finds it in the list and edits it', async () => {
    const { page, problems } = await openConsole(browser);
    await signIn(page, managementLogin('Basic authentication'));
    await openSection(page, 'Tenants');
    await page.getByRole('button', { name: 'Create tenant' }).click();
    const form = page.getByRole('form', { name: 'Create tenant' });
    const domain = `console-${randomUUID().slice(0, 8)}.example.com`;
    await form.getByLabel('Company', { exact: true }).fill('Console E2E');
    await form.getByLabel('Domain', { exact: true }).fill(domain);
    await form.getByLabel('Administrator\'s user name').fill(chief.name);
    await form.getByLabel('Administrator\'s email').fill('chief@example.com');
    await form.getByLabel('Administrator\'s password').fill(chief.password);
    await expectAccessible(page, 'console-tenant-create');
    await form.getByRole('button', { name: 'Create', exact: true }).click();
    await form.waitFor({ state: 'detached' });

    // The new tenant is on one of the list's pages (sorted by id).
    const row = page.getByRole('row').filter({ hasText: domain });
    for (;;) {
      await settled(page, 'Tenants');
      if (await row.count()) break;
      const next = page.getByRole('button', { name: 'Next' });
      expect(await next.isEnabled()).toBe(true);
      await next.click();
    }
    subtenant = (await row.getByRole('link').textContent())!;
    expect(subtenant).toMatch(/^t\d{8}$/);
    await expectAccessible(page, 'console-tenants');

    await row.getByRole('link').click();
    await page.getByRole('heading', { name: `Tenant ${subtenant}` }).waitFor();
    await page.getByLabel('Contact name').fill('Jo Chief');
    await page.getByRole('button', { name: 'Add property' }).click();
    await page.getByLabel('Property 1 name').fill('plan');
    await page.getByLabel('Property 1 value').fill('gold');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByRole('status').filter({ hasText: 'Saved.' }).waitFor();
    await expectAccessible(page, 'console-tenant-edit');
    expect((await gw(`/tenant/tenants/${subtenant}`, { as: admin() })).body)
      .toMatchObject({ domain, company: 'Console E2E', contactName: 'Jo Chief', customProperties: { plan: 'gold' } });
    expect(problems.unexpected()).toEqual([]);
  });

  it('the subtenant\'s admin (cookie) makes a group and a user with a role and the group; the platform\'s 422 shows; the user sees their pages', async () => {
    const { page, problems } = await openConsole(browser);
    await signIn(page, { tenant: subtenant, user: chief.name, password: chief.password });
    await expect(page.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name: 'Tenants' }).count()).resolves.toBe(0);

    await openSection(page, 'Roles');
    await page.getByRole('row', { name: /ROLE_USER_MANAGEMENT_READ/ }).waitFor();
    await expectAccessible(page, 'console-roles');

    await openSection(page, 'Groups');
    await page.getByLabel('New group name').fill('auditors');
    await page.getByRole('button', { name: 'Create group' }).click();
    await page.getByRole('link', { name: 'auditors' }).click();
    await page.getByRole('heading', { name: 'Group auditors' }).waitFor();
    await page.getByLabel('Role to add').selectOption('ROLE_OPTION_MANAGEMENT_READ');
    await page.getByRole('button', { name: 'Add role' }).click();
    await page.getByRole('button', { name: 'Remove role ROLE_OPTION_MANAGEMENT_READ' }).waitFor();
    await page.getByLabel('Role to add').selectOption('ROLE_APPLICATION_MANAGEMENT_READ');
    await page.getByRole('button', { name: 'Add role' }).click();
    await page.getByRole('button', { name: 'Remove role ROLE_APPLICATION_MANAGEMENT_READ' }).waitFor();
    await page.getByLabel('Role to add').selectOption('ROLE_TENANT_MANAGEMENT_READ');
    await page.getByRole('button', { name: 'Add role' }).click();
    await expect(page.getByRole('alert').textContent()).resolves.toContain('ROLE_TENANT_MANAGEMENT_READ is only for users of the management tenant (groups/Invalid Data)');
    await expectAccessible(page, 'console-group');

    await openSection(page, 'Users');
    await page.getByRole('button', { name: 'Create user' }).click();
    const auditor = { name: `auditor-${randomUUID().slice(0, 6)}`, password: password() };
    const form = page.getByRole('form', { name: 'Create user' });
    await form.getByLabel('User name').fill(auditor.name);
    await form.getByLabel('Email').fill('auditor@example.com');
    await form.getByLabel('First name').fill('Ada');
    await form.getByLabel('Last name').fill('Auditor');
    await form.getByLabel('Password').fill(auditor.password);
    await expectAccessible(page, 'console-user-create');
    await form.getByRole('button', { name: 'Create', exact: true }).click();
    await page.getByRole('heading', { name: `User ${auditor.name}` }).waitFor();
    await page.getByLabel('Role to add').selectOption('ROLE_USER_MANAGEMENT_READ');
    await page.getByRole('button', { name: 'Add role' }).click();
    await page.getByRole('button', { name: 'Remove role ROLE_USER_MANAGEMENT_READ' }).waitFor();
    await page.getByLabel('Group to add').selectOption({ label: 'auditors' });
    await page.getByRole('button', { name: 'Add group' }).click();
    await page.getByRole('button', { name: 'Remove group auditors' }).waitFor();
    await expectAccessible(page, 'console-user');

    await openSection(page, 'Users');
    await page.getByLabel('User name').fill(auditor.name);
    await page.getByRole('button', { name: 'Find' }).click();
    await page.getByRole('row').filter({ hasText: 'auditor@example.com' }).waitFor();
    await expectAccessible(page, 'console-users');

    await openSection(page, 'Login options');
    await page.getByRole('cell', { name: 'OAUTH2_INTERNAL' }).waitFor();
    const lifetime = page.getByLabel('Token and session lifetime (seconds)');
    await lifetime.fill('30');
    await page.getByRole('button', { name: 'Save session lifetime' }).click();
    await expect(page.getByRole('alert').textContent()).resolves.toMatch(/at least 60/);
    await lifetime.fill('3600');
    await page.getByRole('button', { name: 'Save session lifetime' }).click();
    await page.getByRole('status').filter({ hasText: 'Saved.' }).waitFor();
    await expectAccessible(page, 'console-login-options');
    await signOut(page);

    // The user holds ROLE_USER_MANAGEMENT_READ, and the group's option and application read roles.
    await signIn(page, { tenant: subtenant, user: auditor.name, password: auditor.password });
    const nav = page.getByRole('navigation', { name: 'Sections' });
    expect(await nav.getByRole('link').allTextContents()).toEqual(['Applications', 'Subscriptions', 'Microservices', 'Users', 'Roles', 'Groups', 'Login options', 'Options', 'SMS']);
    await openSection(page, 'Users');
    await settled(page, 'Users');
    await page.getByRole('link', { name: chief.name, exact: true }).waitFor();
    await expectAccessible(page, 'console-users-as-reader');
    await openSection(page, 'Login options');
    await eventually(() => page.getByLabel('Token and session lifetime (seconds)').inputValue(), (value) => value === '3600');
    await signOut(page);
    expect(problems.unexpected([{ url: /\/user\/t\d+\/groups\/\d+\/roles$/, status: 422, method: 'POST' }])).toEqual([]);
  });

  it('TOTP: a user sets it up on My account; once the tenant enforces it, signing in asks for the code and lets them in', async () => {
    const tenant = await newTenant();
    const [qualified, userPassword] = await newUser(tenant, ['ROLE_APPLICATION_MANAGEMENT_READ']);
    const userName = qualified.split('/')[1];
    const used = new Set<number>();
    const { page, problems } = await openConsole(browser);
    await signIn(page, { tenant: tenant.id, user: userName, password: userPassword });
    await page.getByRole('link', { name: 'My account' }).click();
    await page.getByRole('heading', { name: 'My account' }).waitFor();
    await page.getByRole('button', { name: 'Set up TOTP' }).click();
    const secret = (await page.locator('code.secret').textContent())!.replace(/\s/g, '');
    expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
    await expectAccessible(page, 'console-account-totp-setup');
    await page.getByLabel('Code from your app').fill('12345');
    await page.getByRole('button', { name: 'Verify code' }).click();
    await expect(page.getByRole('alert').textContent()).resolves.toMatch(/6-digit code/);
    await page.getByLabel('Code from your app').fill(freshTotpCode(secret, used));
    await page.getByRole('button', { name: 'Verify code' }).click();
    await page.getByRole('button', { name: 'Turn TOTP on' }).click();
    await page.getByRole('status').filter({ hasText: 'TOTP is on' }).waitFor();
    await page.getByRole('button', { name: 'Sign in again' }).click();
    await page.getByRole('button', { name: 'Sign in' }).waitFor();

    expect((await gw('/tenant/options', { method: 'POST', as: tenant.admin, body: { category: 'two-factor-authentication', key: 'enforced', value: 'true' } })).status).toBe(201);
    await submitLogin(page, { tenant: tenant.id, user: userName, password: userPassword });
    await page.getByLabel('Verification code').fill(freshTotpCode(secret, used));
    await expectAccessible(page, 'console-login-totp-code');
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.getByRole('navigation', { name: 'Sections' }).waitFor();
    await page.getByRole('link', { name: 'My account' }).click();
    await page.getByText('TOTP is on: signing in asks for a code').waitFor();
    await expectAccessible(page, 'console-account-totp-on');
    // Turning TOTP on ends the session that did it (its sign-out is refused); the first login attempt is asked for the code.
    expect(problems.unexpected([{ url: /\/user\/logout$/, status: 401 }, { url: /\/tenant\/oauth(\?|$)/, status: 401 }])).toEqual([]);
  });
});
