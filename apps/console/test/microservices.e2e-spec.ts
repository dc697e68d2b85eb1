import {
  admin, basic, type BrowserPage, checkAccessibility, consoleUrl, eventually, gw, helloImage, installTestConsole, managementLogin, microserviceZip,
  newApplication, openConsole, removeStackContainers, screenshot, signIn, subscribeTenant, testStack, uniqueName, uploadZip, useBrowser,
} from '@berth/testing';

/**
 * The console's Microservices and Usage pages (docs/console.md) against the test stack's engine:
 * the example microservice deployed through REST, then watched, followed and tuned in the browser.
 */
describe('the web console: microservices and usage', () => {
  const browser = useBrowser();
  const name = uniqueName('hello');
  const key = `${name}-key`;
  let id = '';
  let instance = '';
  /** Requests made with the application's key, which the usage must count. */
  let keyedRequests = 0;

  beforeAll(async () => {
    await installTestConsole();
    id = (await newApplication(admin(), { name, key, type: 'MICROSERVICE' })).id;
    const manifest = { apiVersion: '2', name, version: '1.0.0', provider: { name: 'berth' }, resources: { cpu: '0.5', memory: '128M' } };
    expect((await uploadZip(id, admin(), microserviceZip(manifest, helloImage()))).status).toBe(201);
    // A fresh stack's subscription app learns of a new application through Kafka: 404 until then.
    const subscribed = await eventually(() => subscribeTenant('management', id, admin()), (r) => r.status !== 404, 150000);
    expect(subscribed.status).toBe(201);
    const up = await eventually(() => gw(`/application/applications/${id}/status`, { as: admin() }), (r) => r.body?.status === 'Up', 120000);
    instance = up.body.instances[0].name;
  }, 300000);

  afterAll(async () => {
    await removeStackContainers(testStack.dbPrefix);
  }, 60000);

  /** Calls the microservice as the management admin, with the application's key so that the usage counts it. */
  async function sayHello(who: string): Promise<void> {
    keyedRequests += 1;
    const res = await fetch(`${testStack.gatewayUrl}/service/${name}/hello?who=${who}`, { headers: { authorization: basic(...admin()), 'x-cumulocity-application-key': key } });
    expect(await res.text()).toBe(`hello ${who}!`);
  }

  /** A new page of the console, signed in afresh as the management admin. */
  async function signedIn(): Promise<BrowserPage> {
    const opened = await openConsole(browser);
    await signIn(opened.page, managementLogin());
    return opened;
  }

  it('lists the microservice Up, shows its instance, and follows its logs as the service is called', async () => {
    const { page, problems } = await signedIn();
    await page.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name: 'Microservices' }).click();
    // The stack holds other specs' microservices too: find this one by its name.
    await page.getByRole('search').getByLabel('Name').fill(name);
    await page.getByRole('search').getByRole('button', { name: 'Find' }).click();
    const row = page.getByRole('row').filter({ has: page.getByRole('link', { name, exact: true }) });
    await row.getByText('Up', { exact: true }).waitFor();
    expect(await row.getByRole('cell').allTextContents()).toEqual(expect.arrayContaining(['1.0.0', '1 of 1 healthy', 'management']));
    expect(await checkAccessibility(page, 'console-microservices')).toEqual([]);
    await screenshot(page, 'console-microservices');

    await row.getByRole('link', { name, exact: true }).click();
    await page.getByRole('heading', { name, level: 1 }).waitFor();
    const instanceRow = page.getByRole('table', { name: 'Instances' }).getByRole('row').filter({ hasText: instance });
    await instanceRow.getByRole('cell', { name: 'Healthy', exact: true }).waitFor();
    const log = page.getByRole('log', { name: `Logs of ${instance}` });
    await log.filter({ hasText: 'hello service listening on :80' }).waitFor();
    expect(await page.getByLabel('Instance').inputValue()).toBe(instance);

    await page.getByRole('button', { name: 'Follow' }).click();
    await page.getByRole('button', { name: 'Pause' }).waitFor();
    const callers = Array.from({ length: 40 }, (_, i) => `caller${i}`);
    for (const who of callers) await sayHello(who);
    await log.filter({ hasText: 'said hello to caller39' }).waitFor({ timeout: 30000 });
    await sayHello('latecomer');
    await log.filter({ hasText: 'said hello to latecomer' }).waitFor({ timeout: 30000 });
    // Every line exactly once, in order, though several reads split the calls' lines between them.
    const lines = (await log.textContent())!.split('\n').filter((l) => l.startsWith('said hello to '));
    expect(lines).toEqual([...callers, 'latecomer'].map((who) => `said hello to ${who}`));
    // Following keeps the newest line in view.
    const scroll = await log.evaluate((el) => ({ top: el.scrollTop, height: el.scrollHeight, visible: el.clientHeight }));
    expect(scroll.height).toBeGreaterThan(scroll.visible);
    expect(scroll.top + scroll.visible).toBeGreaterThanOrEqual(scroll.height - 1);
    expect(await checkAccessibility(page, 'console-microservice-details')).toEqual([]);
    await screenshot(page, 'console-microservice-logs');

    await page.getByRole('button', { name: 'Pause' }).click();
    await page.getByRole('button', { name: 'Follow' }).waitFor();
    expect(problems.unexpected()).toEqual([]);
    await page.close();
  }, 120000);

  it('refuses a runtime option out of bounds with the platform\'s message, and stores a valid one', async () => {
    const { page, problems } = await signedIn();
    await page.goto(`${consoleUrl()}#/microservices/${id}`);
    const form = page.getByRole('form', { name: 'Change runtime options' });
    await form.getByLabel('Replicas').fill('9');
    await form.getByRole('button', { name: 'Save runtime options' }).click();
    const refusal = form.getByRole('alert');
    await refusal.waitFor();
    expect(await refusal.textContent()).toMatch(new RegExp(`${name}\\.replicas.*1 to 5.*options/Invalid Data`));

    await form.getByLabel('Replicas').fill('');
    await form.getByLabel('Memory limit').fill('256M');
    await form.getByRole('button', { name: 'Save runtime options' }).click();
    await form.getByRole('status').filter({ hasText: 'The runtime options are saved.' }).waitFor();
    const memory = page.getByRole('table', { name: 'Runtime settings' }).getByRole('row').filter({ hasText: 'Memory limit' });
    expect(await memory.getByRole('cell').allTextContents()).toEqual(['Memory limit', '256M', '128M', '256M']);
    const stored = await gw(`/tenant/options/microservice.runtime/${name}.memory`, { as: admin() });
    expect({ status: stored.status, value: stored.body?.value }).toEqual({ status: 200, value: '256M' });
    // The page keeps polling the status: the replacing instance shows up healthy, and the logs follow it.
    const replacement = page.getByRole('table', { name: 'Instances' }).getByRole('row').filter({ hasText: 'Healthy' }).filter({ hasNotText: instance });
    await replacement.waitFor({ timeout: 90000 });
    const newInstance = (await replacement.getByRole('cell').first().textContent())!;
    await page.getByRole('log', { name: `Logs of ${newInstance}` }).filter({ hasText: 'hello service listening on :80' }).waitFor();
    expect(await checkAccessibility(page, 'console-runtime-options')).toEqual([]);
    await screenshot(page, 'console-runtime-options');
    // The change replaces the container: a logs read racing the replacement may find the old instance gone.
    expect(problems.unexpected([
      { url: `/tenant/options/microservice.runtime/${name}.replicas`, status: 422, method: 'PUT' },
      { url: new RegExp(`/application/applications/${id}/logs/`), status: 404 },
    ])).toEqual([]);
    await page.close();
  }, 150000);

  it('charts the application\'s requests of the last 7 days, with the same numbers in a table', async () => {
    const { page, problems } = await signedIn();
    await page.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name: 'Usage' }).click();
    const today = new Date().toISOString().slice(0, 10);
    const weekAgo = new Date(Date.now() - 6 * 86_400_000).toISOString().slice(0, 10);
    expect([await page.getByLabel('From', { exact: true }).inputValue(), await page.getByLabel('To', { exact: true }).inputValue()]).toEqual([weekAgo, today]);
    const title = `Requests per application, ${weekAgo} to ${today}`;
    await page.getByRole('img', { name: title }).waitFor();
    expect(await page.getByRole('list', { name: 'Legend' }).textContent()).toContain(`${key} (${keyedRequests})`);
    const table = page.getByRole('table', { name: `${title}, by day` });
    const cells = await table.evaluate((el: HTMLTableElement) => [...el.rows].map((r) => [...r.cells].map((c) => c.textContent)));
    const column = cells[0].indexOf(key);
    expect(column).toBeGreaterThan(0);
    expect(cells.slice(1).map((r) => r[0])).toHaveLength(7);
    expect(cells.slice(1).reduce((sum, r) => sum + Number(r[column]), 0)).toBe(keyedRequests);
    expect(await checkAccessibility(page, 'console-usage')).toEqual([]);
    await screenshot(page, 'console-usage');

    await page.getByLabel('From', { exact: true }).fill(today);
    await page.getByRole('button', { name: 'Show' }).click();
    await page.getByRole('img', { name: `Requests per application, ${today} to ${today}` }).waitFor();
    expect(problems.unexpected()).toEqual([]);
    await page.close();
  }, 60000);
});
