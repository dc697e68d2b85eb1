import { demux, logLines } from './docker-logs';

const frame = (stream: 1 | 2, text: string) => {
  const head = Buffer.alloc(8);
  head[0] = stream;
  head.writeUInt32BE(Buffer.byteLength(text), 4);
  return Buffer.concat([head, Buffer.from(text)]);
};

describe('docker logs', () => {
  it('splits multiplexed frames by stream and takes a plain buffer as stdout', () => {
    expect(demux(Buffer.concat([frame(1, 'out'), frame(2, 'err')]))).toEqual([{ stream: 'stdout', text: 'out' }, { stream: 'stderr', text: 'err' }]);
    expect(demux(Buffer.from('plain'))).toEqual([{ stream: 'stdout', text: 'plain' }]);
  });

  it('keeps the newest lines within the window, oldest first', () => {
    const buf = Buffer.concat([
      frame(1, '2026-01-01T00:00:01.000000000Z one\n2026-01-01T00:00:03.000000000Z three\n'),
      frame(2, '2026-01-01T00:00:02.000000000Z two\n2026-01-01T00:00:09.000000000Z late\n'),
    ]);
    const window = { since: new Date('2026-01-01T00:00:01Z'), until: new Date('2026-01-01T00:00:05Z'), limit: 2 };
    expect(logLines(buf, window)).toEqual([
      { at: '2026-01-01T00:00:02.000Z', stream: 'stderr', text: 'two' },
      { at: '2026-01-01T00:00:03.000Z', stream: 'stdout', text: 'three' },
    ]);
  });
});
