import { CONFIG } from '../config';

/** What the cost is read from, per request: PASSWORD_HASH_COST counts only in development. */
export type PasswordCostSettings = Pick<Env, 'ENVIRONMENT'> & Partial<Pick<Env, 'PASSWORD_HASH_COST'>>;

export type PasswordCost = (typeof CONFIG.passwordHash)[keyof typeof CONFIG.passwordHash];

/**
 * The Argon2id cost of new hashes. Only a development configuration that asks for it
 * (PASSWORD_HASH_COST=test, set by the test runs) gets the cheap one; production, a configuration
 * without the setting and one with a value nobody knows all get the full cost, so no mistake
 * weakens a deployment (the configuration check also names the mistake). Verifying reads the cost
 * from the stored PHC string, so hashes of either cost keep verifying.
 */
export function passwordHashCost(env: PasswordCostSettings): PasswordCost {
  const cheap = env.ENVIRONMENT === 'development' && env.PASSWORD_HASH_COST === 'test';
  return cheap ? CONFIG.passwordHash.test : CONFIG.passwordHash.full;
}

/** The configuration check's sentence about PASSWORD_HASH_COST, or null when the value may be used. */
export function passwordCostProblem(env: PasswordCostSettings): string | null {
  const value = env.PASSWORD_HASH_COST;
  if (value === undefined || value === '' || value === 'full') return null;
  if (value !== 'test') return `PASSWORD_HASH_COST must be "full" or "test" (test runs), not ${JSON.stringify(value)}.`;
  if (env.ENVIRONMENT === 'production')
    return 'PASSWORD_HASH_COST "test" is for test runs only: production hashes passwords at full cost (remove it).';
  return null;
}
