import { formatBytes, nextUploadState, uploadForm, uploadHeaders, type UploadEvent, type UploadState } from './upload';

const run = (events: UploadEvent[], from: UploadState = { phase: 'idle' }) => events.reduce(nextUploadState, from);

describe('an upload\'s states', () => {
  it('counts the bytes sent, then waits for the platform\'s check, then holds its answer', () => {
    const sending = run([{ type: 'start', total: 1000 }, { type: 'progress', loaded: 400, total: 1200 }]);
    expect(sending).toEqual({ phase: 'sending', sent: 400, total: 1200 });
    const checking = run([{ type: 'sent' }], sending);
    expect(checking).toEqual({ phase: 'checking', sent: 1200, total: 1200 });
    expect(run([{ type: 'answer', status: 201, text: '{"id":"7","activeVersionId":"b1"}' }], checking))
      .toEqual({ phase: 'done', sent: 1200, total: 1200, answer: { id: '7', activeVersionId: 'b1' } });
  });

  it('never moves the bar back nor past the total, and keeps the file size when the browser cannot count', () => {
    const state = run([{ type: 'start', total: 500 }, { type: 'progress', loaded: 300, total: 0 }, { type: 'progress', loaded: 200, total: 0 }]);
    expect(state).toEqual({ phase: 'sending', sent: 300, total: 500 });
    expect(run([{ type: 'progress', loaded: 900, total: 0 }], state)).toEqual({ phase: 'sending', sent: 500, total: 500 });
  });

  it('shows the error resource\'s message of a refusal', () => {
    const refused = run([{ type: 'start', total: 10 }, { type: 'sent' },
      { type: 'answer', status: 422, text: '{"error":"applications/Unprocessable Entity","message":"cumulocity.json is missing"}' }]);
    expect(refused).toEqual({ phase: 'failed', sent: 10, total: 10, message: 'cumulocity.json is missing (applications/Unprocessable Entity)' });
    expect(run([{ type: 'start', total: 10 }, { type: 'network-error' }])).toMatchObject({ phase: 'failed', message: 'The platform cannot be reached' });
  });

  it('ends cancelled on abort, and an abort after the answer changes nothing', () => {
    expect(run([{ type: 'start', total: 10 }, { type: 'progress', loaded: 4, total: 10 }, { type: 'abort' }])).toEqual({ phase: 'cancelled', sent: 4, total: 10 });
    const done = run([{ type: 'start', total: 10 }, { type: 'sent' }, { type: 'answer', status: 201, text: '' }]);
    expect(run([{ type: 'abort' }, { type: 'progress', loaded: 1, total: 10 }], done)).toBe(done);
    expect(run([{ type: 'sent' }])).toEqual({ phase: 'idle' });
  });
});

describe('the upload request', () => {
  it('puts the archive in the multipart part "file" under its name', async () => {
    const form = uploadForm(new Blob(['PK\u0003\u0004']), 'web.zip');
    const part = form.get('file') as File;
    expect([...form.keys()]).toEqual(['file']);
    expect(part.name).toBe('web.zip');
    expect(await part.text()).toBe('PK\u0003\u0004');
  });

  it('sends the session\'s authentication, asks for JSON and leaves the content type to the browser', () => {
    expect(uploadHeaders({ 'content-type': 'application/json', Authorization: 'Basic eA==', UseXBasic: true, 'X-XSRF-TOKEN': undefined, accept: 'text/html' }))
      .toEqual({ Authorization: 'Basic eA==', UseXBasic: 'true', Accept: 'application/json' });
  });
});

describe('formatBytes', () => {
  it('writes sizes in binary units', () => {
    expect(formatBytes(512)).toBe('512 B');
    expect(formatBytes(1536)).toBe('1.5 KiB');
    expect(formatBytes(5 * 1024 * 1024)).toBe('5.0 MiB');
  });
});
