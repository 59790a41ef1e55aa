// The portal's people. Three demo users (npm start's banner prints them) plus whatever a test or
// tool adds. Passwords are compared as SHA-256 digests in constant time: a stand-in portal, but it
// should not teach timing leaks.
import { createHash, timingSafeEqual } from 'node:crypto';

/** Every demo user's password (printed by npm start; never a real secret). */
export const DEMO_PORTAL_PASSWORD = 'Portal-demo-1';

/** The demo users: a verified one, an unverified one, and one sharing the demo wallet account's address. */
export const DEMO_PORTAL_USERS = [
  {
    sub: 'portal-pat',
    email: 'portal@lanyard.localhost',
    email_verified: true,
    given_name: 'Pat',
    family_name: 'Portal',
    locale: 'en',
  },
  {
    sub: 'portal-unverified',
    email: 'portal-unverified@lanyard.localhost',
    email_verified: false,
    given_name: 'Uma',
    family_name: 'Unverified',
    locale: 'en',
  },
  {
    // Same address as the demo wallet account (type 2): the "existing account, merge with the wallet password" path.
    sub: 'portal-demo',
    email: 'demo@lanyard.localhost',
    email_verified: true,
    given_name: 'Dana',
    family_name: 'Demo',
    locale: 'en',
  },
].map((u) => ({ ...u, password: DEMO_PORTAL_PASSWORD }));

const digest = (s) => createHash('sha256').update(String(s), 'utf8').digest();

/** A user directory; each portal has its own, seeded with the demo users. */
export function userDirectory() {
  const bySub = new Map();

  /** Adds (or replaces) a user; `password` is required, `name` defaults to "given family". */
  function addUser({ sub, email, password, ...claims }) {
    if (!sub || !email || !password) throw new TypeError('addUser needs sub, email and password');
    const name = claims.name ?? ([claims.given_name, claims.family_name].filter(Boolean).join(' ') || email);
    bySub.set(String(sub), {
      sub: String(sub),
      email: String(email),
      email_verified: claims.email_verified === true,
      ...claims,
      name,
      pass: digest(password),
    });
  }

  /** The user whose email (case-insensitive) or sub is `login` and whose password matches, else undefined. */
  function check(login, password) {
    const wanted = String(login ?? '')
      .trim()
      .toLowerCase();
    const user = [...bySub.values()].find((u) => u.email.toLowerCase() === wanted || u.sub === wanted);
    // Compare even when nobody matched, so an unknown address costs the same as a wrong password.
    const ok = timingSafeEqual(digest(password ?? ''), user?.pass ?? digest(`\0${password}`));
    return user && ok ? user : undefined;
  }

  /** The OpenID claims of `sub` (all of them; oidc-provider filters them by the granted scopes). */
  function claimsOf(sub) {
    const user = bySub.get(sub);
    if (!user) return undefined;
    const claims = { ...user };
    delete claims.pass;
    return claims;
  }

  for (const user of DEMO_PORTAL_USERS) addUser(user);
  return { addUser, check, claimsOf };
}
