import { describe, expect, it } from 'vitest';
import { hashPassword, verifyPassword } from '../../src/server/accounts/password-hash';

describe('argon2id inside workerd', () => {
  it('hashes with m=19456, t=2, p=1 and verifies only the same password', async () => {
    const encoded = await hashPassword('Correct#Horse9');
    expect(encoded).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await verifyPassword(encoded, 'Correct#Horse9')).toBe(true);
    expect(await verifyPassword(encoded, 'Correct#Horse8')).toBe(false);
    expect(await hashPassword('Correct#Horse9')).not.toBe(encoded); // salted
  });
});
