/**
 * Fakes only the clock (Date) with Jest's fake timers, starting at `now`: timers, microtasks and I/O stay
 * real, so a unit spec can move time with `jest.setSystemTime` while it talks to real sockets.
 * Undo with `jest.useRealTimers()`.
 */
export function fakeOnlyTheClock(now: number | Date = Date.now()): void {
  jest.useFakeTimers({
    now,
    doNotFake: ['hrtime', 'nextTick', 'performance', 'queueMicrotask', 'setImmediate', 'clearImmediate', 'setInterval', 'clearInterval', 'setTimeout', 'clearTimeout'],
  });
}
