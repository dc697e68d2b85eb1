const { fuzzerErrorsOnly } = require('./summary') as { fuzzerErrorsOnly: (xml: string) => string[] };

const report = (...cases: string[]) => `<testsuite>${cases.join('')}</testsuite>`;
const passed = (name: string) => `<testcase name="${name}" time="1"/>`;
const runtimeError = (name: string) => `<testcase name="${name}" time="1"><error type="error">Runtime Error\n\nAST constructor recursion depth mismatch</error></testcase>`;
const checkFailed = (name: string) => `<testcase name="${name}" time="1"><failure type="failure">- ST001 Server error</failure></testcase>`;

describe('fuzzerErrorsOnly', () => {
  it('names the operations that failed only by an error inside the fuzzer', () => {
    expect(fuzzerErrorsOnly(report(passed('GET /a'), runtimeError('GET /application/applicationsByName/{name}')))).toEqual(['GET /application/applicationsByName/{name}']);
  });

  it('names none when any operation failed a check, so the run fails as it is', () => {
    expect(fuzzerErrorsOnly(report(runtimeError('GET /a'), checkFailed('POST /b')))).toEqual([]);
  });

  it('names none for an error that is not the fuzzer\'s own', () => {
    expect(fuzzerErrorsOnly(report('<testcase name="GET /a" time="1"><error type="error">Network Error\n\nConnection refused</error></testcase>'))).toEqual([]);
  });
});
