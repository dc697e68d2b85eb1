import { checkAccessibility, installTestConsole, managementLogin, openConsole, screenshot, signIn, submitLogin, useBrowser } from '@berth/testing';

/** The console as `npm start` installs it: served at /apps/administration/, signing in both ways (docs/console.md). */
describe('the web console: signing in', () => {
  const browser = useBrowser();
  beforeAll(async () => { await installTestConsole(); });

  it('shows the login page at /apps/administration/ with no problem and no serious accessibility violation', async () => {
    const { page, problems } = await openConsole(browser);
    await page.getByRole('heading', { name: 'Berth administration' }).waitFor();
    expect(await checkAccessibility(page, 'console-login')).toEqual([]);
    await screenshot(page, 'console-login');
    expect(problems.unexpected()).toEqual([]);
  });

  it.each([['Session cookie (OAuth)' as const], ['Basic authentication' as const]])('signs in with %s and lists the applications', async (method) => {
    const { page, problems } = await openConsole(browser);
    await signIn(page, managementLogin(method));
    await page.getByRole('heading', { name: 'Applications' }).waitFor();
    await page.getByRole('link', { name: 'administration' }).waitFor();
    expect(await checkAccessibility(page, 'console-applications')).toEqual([]);
    await screenshot(page, `console-applications-${method.startsWith('Basic') ? 'basic' : 'cookie'}`);
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.getByRole('button', { name: 'Sign in' }).waitFor();
    expect(problems.unexpected()).toEqual([]);
  });

  it('says why a wrong password is refused', async () => {
    const { page, problems } = await openConsole(browser);
    await submitLogin(page, { ...managementLogin(), password: 'not-the-password' });
    await page.getByRole('alert').waitFor();
    expect(await page.getByRole('alert').textContent()).toMatch(/credentials/i);
    expect(problems.unexpected([{ url: /\/tenant\/oauth/, status: 401 }])).toEqual([]);
  });
});
