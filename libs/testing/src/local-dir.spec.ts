import { safeFileName } from './local-dir';

describe('file names of screenshots and reports', () => {
  it('takes plain names and refuses ones that would leave the folder or need quoting', () => {
    expect(safeFileName('api-docs.login_1', 'png')).toBe('api-docs.login_1.png');
    for (const name of ['', '../x', 'a/b', '.hidden', 'with space']) expect(() => safeFileName(name, 'png')).toThrow('not a plain file name');
  });
});
