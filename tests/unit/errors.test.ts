import { describe, expect, it } from 'vitest';
import { AppError, ERRORS, isErrorCode } from '../../src/server/errors';
import { backoffSeconds } from '../../src/server/jobs/retry';

describe('error catalogue', () => {
  it('uses permanent E-codes whose middle digits are the HTTP status', () => {
    for (const [code, def] of Object.entries(ERRORS)) {
      expect(code).toMatch(/^E\d{6}$/);
      expect(Number(code.slice(1, 4))).toBe(def.status);
      expect(def.key).toBe(`errors.${code}`);
    }
  });

  it('carries code, params and fields', () => {
    const err = new AppError('E413100', { max: 256 }, [{ field: 'body', key: 'validation.invalid' }]);
    expect(err.status).toBe(413);
    expect(err.params).toEqual({ max: 256 });
    expect(isErrorCode('E404100')).toBe(true);
    expect(isErrorCode('E999999')).toBe(false);
  });
});

describe('outbox retry backoff', () => {
  it('doubles from 10 s and stops at 15 minutes', () => {
    expect([1, 2, 3, 4].map(backoffSeconds)).toEqual([10, 20, 40, 80]);
    expect(backoffSeconds(30)).toBe(900);
  });
});
