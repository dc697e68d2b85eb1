// Runs the README's first tour as printed, against the test stack: every block marked `<!-- tour -->` in one
// bash session (so the variables one block sets reach the next), files marked `<!-- tour:file NAME -->` written
// first. The `<!-- tour:setup -->` block, which reads the local stack's address and password, is replaced by the
// test stack's own.
import { spawn } from 'node:child_process';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { admin, removeStackContainers, testStack } from '@berth/testing';

const ROOT = join(__dirname, '..', '..');

interface TourBlock { marker: string; language: string; body: string }

/** The fenced blocks of `markdown` that directly follow a `<!-- tour… -->` comment. */
function tourBlocks(markdown: string): TourBlock[] {
  const pattern = /<!-- (tour(?::[^>]*)?) -->\n```(\w+)\n([\s\S]*?)\n```/g;
  return [...markdown.matchAll(pattern)].map(([, marker, language, body]) => ({ marker: marker.trim(), language, body }));
}

function bash(script: string, env: NodeJS.ProcessEnv): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn('bash', ['-euo', 'pipefail', '-c', script], { cwd: ROOT, env });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c) => { stdout += c; });
    child.stderr.on('data', (c) => { stderr += c; });
    child.on('exit', (code) => resolve({ code, stdout, stderr }));
  });
}

const blocks = tourBlocks(readFileSync(join(ROOT, 'README.md'), 'utf8'));
const files = blocks.filter((b) => b.marker.startsWith('tour:file ')).map((b) => ({ name: b.marker.slice('tour:file '.length), body: b.body }));

afterAll(async () => {
  for (const file of files) rmSync(join(ROOT, file.name), { force: true });
  rmSync(join(ROOT, 'dist', 'microservices', 'hello-microservice.zip'), { force: true });
  await removeStackContainers(testStack.dbPrefix);
}, 120000);

describe("the README's first tour", () => {
  it('has a setup block, shell steps and the SDK file', () => {
    expect(blocks.filter((b) => b.marker === 'tour:setup')).toHaveLength(1);
    expect(blocks.filter((b) => b.marker === 'tour').length).toBeGreaterThanOrEqual(5);
    expect(files.map((f) => f.name)).toEqual(['tour.mjs']);
  });

  it('runs as printed and answers what the README says it answers', async () => {
    for (const file of files) writeFileSync(join(ROOT, file.name), `${file.body}\n`);
    const steps = blocks.filter((b) => b.marker === 'tour');
    expect(steps.every((b) => b.language === 'sh')).toBe(true);
    const [user, password] = admin();
    // A newline between the steps' outputs: curl prints answers without one.
    const run = await bash(steps.map((b) => b.body).join('\necho\n'), {
      ...process.env, BERTH_URL: testStack.gatewayUrl, BERTH_USER: user, BERTH_PASSWORD: password,
    });
    expect({ code: run.code, stderr: run.code === 0 ? '' : run.stderr }).toEqual({ code: 0, stderr: '' });
    // What the README's prose promises after each step.
    expect(run.stdout).toContain('"id":"management"');
    expect(run.stdout).toContain('"name":"my-first-app"');
    expect(run.stdout).toMatch(/stage ContainerStarted/);
    expect(run.stdout).toContain('hello Berth!');
    expect(run.stdout).toContain('application my-first-app: EXTERNAL, PRIVATE');
    expect(run.stdout).toContain('option tour.greeting = hello');
    expect(run.stdout).toContain('service: hello SDK!');
    expect(run.stdout + run.stderr).not.toContain(password);
  }, 900000);
});
