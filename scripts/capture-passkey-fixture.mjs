/* global atob, navigator -- the function given to page.evaluate runs in the browser page, not in node. */
// Captures one real Chromium WebAuthn registration and assertion (virtual authenticator, CTAP2,
// internal transport, resident keys, user verification) for origin http://localhost:8787, RP id
// localhost, with fixed challenges and user handle, as a test fixture.
import { writeFileSync, mkdirSync } from 'node:fs';
import { chromium } from 'playwright';
const b64u = (bytes) => Buffer.from(bytes).toString('base64url');
const userHandle = b64u(Buffer.alloc(32, 7));
const regChallenge = b64u(Buffer.from('lanyard-fixture-registration-challenge-0001'));
const getChallenge = b64u(Buffer.from('lanyard-fixture-assertion-challenge-00000002'));
const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
});
const ctx = await browser.newContext();
const page = await ctx.newPage();
await page.route('http://localhost:8787/**', (r) =>
  r.fulfill({ contentType: 'text/html', body: '<!doctype html><title>fixture</title>' }),
);
const cdp = await ctx.newCDPSession(page);
await cdp.send('WebAuthn.enable');
await cdp.send('WebAuthn.addVirtualAuthenticator', {
  options: {
    protocol: 'ctap2',
    transport: 'internal',
    hasResidentKey: true,
    hasUserVerification: true,
    isUserVerified: true,
  },
});
await page.goto('http://localhost:8787/ns/portal/openbadge/setting/security');
const out = await page.evaluate(
  async ({ userHandle, regChallenge, getChallenge }) => {
    const dec = (s) =>
      Uint8Array.from(atob(s.replace(/-/g, '+').replace(/_/g, '/') + '==='.slice((s.length + 3) % 4)), (c) =>
        c.charCodeAt(0),
      );
    const created = await navigator.credentials.create({
      publicKey: {
        rp: { id: 'localhost', name: 'Lanyard' },
        user: { id: dec(userHandle), name: 'fixture@example.test', displayName: 'Fixture' },
        challenge: dec(regChallenge),
        pubKeyCredParams: [
          { type: 'public-key', alg: -8 },
          { type: 'public-key', alg: -7 },
          { type: 'public-key', alg: -257 },
        ],
        authenticatorSelection: { residentKey: 'required', requireResidentKey: true, userVerification: 'required' },
        attestation: 'none',
      },
    });
    const got = await navigator.credentials.get({
      publicKey: {
        rpId: 'localhost',
        challenge: dec(getChallenge),
        userVerification: 'required',
        allowCredentials: [],
      },
    });
    return { registration: created.toJSON(), assertion: got.toJSON() };
  },
  { userHandle, regChallenge, getChallenge },
);
await browser.close();
mkdirSync('tests/fixtures/passkeys', { recursive: true });
writeFileSync(
  'tests/fixtures/passkeys/chromium-ceremony.json',
  JSON.stringify(
    {
      source:
        'Captured by Chromium ' +
        'virtual authenticator (CTAP2, internal, resident key, UV) at http://localhost:8787; see tests/fixtures/passkeys/README.md',
      origin: 'http://localhost:8787',
      rpId: 'localhost',
      userHandle,
      registrationChallenge: regChallenge,
      assertionChallenge: getChallenge,
      ...out,
    },
    null,
    2,
  ) + '\n',
);
console.log(JSON.stringify(out).slice(0, 300));
