import { takeCspViolations } from './browser';

// Set up for every browser test (jest.config.js): a test that made the browser report a CSP
// violation fails, whatever it was testing (issue 11: no page, public or admin, reports one).
afterEach(() => {
  expect(takeCspViolations()).toEqual([]);
});
