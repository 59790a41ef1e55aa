import { env as workerEnv } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import wranglerToml from '../../wrangler.toml?raw';
import { dummyHash, hashPassword, verifyPassword } from '../../src/server/accounts/password-hash';
import { configProblems } from '../../src/server/system/config-check';

/** wrangler.toml's [vars] as committed (production's values): its `NAME = "value"` lines. */
function committedVars(): Record<string, string> {
  const table = /^\[vars\]\n([\s\S]*?)(?=^\[)/m.exec(wranglerToml)?.[1] ?? '';
  return Object.fromEntries([...table.matchAll(/^([A-Z_]+) = "([^"]*)"$/gm)].map((m) => [m[1], m[2]]));
}

/** The committed vars with what an operator fills in: a configuration the Worker serves with. */
const production = {
  ...committedVars(),
  PUBLIC_BASE_URL: 'https://wallet.example.org',
  MAIL_FROM: 'Lanyard <badges@example.org>',
  SMTP_HOST: 'smtp.example.org',
  KEY_ENCRYPTION_KEY: 'a2V5',
} as Env;

/** The tests' own Worker configuration: the local values and the test cost (vitest.config.ts). */
const env = workerEnv as Env;
const FULL = /^\$argon2id\$v=19\$m=19456,t=2,p=1\$/;
/** The cost part of a PHC string: `$argon2id$v=19$m=…,t=…,p=…`. */
const costOf = (encoded: string) => encoded.split('$').slice(0, 4).join('$');

describe('argon2id inside workerd', () => {
  it('production, and any configuration without the test setting, hashes with m=19456, t=2, p=1', async () => {
    expect(production.ENVIRONMENT).toBe('production');
    expect(production.PASSWORD_HASH_COST).toBeUndefined();
    const full = [
      production,
      // The test cost is ignored in production even if it slipped past the configuration check.
      { ...production, PASSWORD_HASH_COST: 'test' },
      { ENVIRONMENT: 'development' },
      { ENVIRONMENT: 'development', PASSWORD_HASH_COST: 'full' },
      { ENVIRONMENT: 'development', PASSWORD_HASH_COST: 'cheap' },
    ];
    for (const settings of full) {
      const encoded = await hashPassword(settings, 'Correct#Horse9');
      expect(encoded).toMatch(FULL);
      expect(await verifyPassword(encoded, 'Correct#Horse9')).toBe(true);
      expect(await verifyPassword(encoded, 'Correct#Horse8')).toBe(false);
      expect(costOf(await dummyHash(settings))).toBe(costOf(encoded));
    }
    expect(await hashPassword(production, 'Correct#Horse9')).not.toBe(await hashPassword(production, 'Correct#Horse9'));
  });

  it('the tests hash at the cheap cost; a hash of either cost verifies under either configuration', async () => {
    expect(env.PASSWORD_HASH_COST).toBe('test');
    const cheap = await hashPassword(env, 'Correct#Horse9');
    expect(cheap).toMatch(/^\$argon2id\$v=19\$m=64,t=1,p=1\$/);
    // The check of an unknown address costs what a real one does (AUTH-07): same parameters.
    expect(costOf(await dummyHash(env))).toBe(costOf(cheap));
    const full = await hashPassword(production, 'Correct#Horse9');
    for (const encoded of [cheap, full]) {
      expect(await verifyPassword(encoded, 'Correct#Horse9')).toBe(true);
      expect(await verifyPassword(encoded, 'Correct#Horse8')).toBe(false);
    }
  });

  it('the configuration check refuses the test cost in production, and an unknown setting anywhere', () => {
    expect(configProblems(production)).toEqual([]);
    expect(configProblems({ ...production, PASSWORD_HASH_COST: 'full' })).toEqual([]);
    expect(configProblems({ ...production, PASSWORD_HASH_COST: 'test' })).toEqual([
      expect.stringContaining('PASSWORD_HASH_COST "test" is for test runs only'),
    ]);
    expect(configProblems(env)).toEqual([]);
    expect(configProblems({ ...env, PASSWORD_HASH_COST: 'cheap' })).toEqual([
      expect.stringContaining('PASSWORD_HASH_COST must be'),
    ]);
  });
});
