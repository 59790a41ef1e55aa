// Issue 22 figures: sign-in with a passkey alone, Lanyard's side. An account is registered, signs in
// with its password once and adds a passkey through the settings API (password, creation options,
// the software passkey's attestation, verify). Each timed round is then a whole discoverable
// sign-in: POST LoginPasskey/Options (a fresh single-use challenge) and POST LoginPasskey with the
// signed answer (the server finds the passkey by its id, checks origin, RP id, flags, counter and
// signature, consumes the challenge and starts the session). The Worker's own time of both comes
// from Server-Timing `total`; the client's clock also holds wrangler's proxying and the signing here.
import { registerAndActivate } from '../scripts/lib/register.mjs';
import { cookie, post, quantile, round } from './sign-in-http.mjs';
import { softwarePasskey } from './webauthn-authenticator.mjs';

const PASSWORD = 'Bench#Pass2024';
const A = '/api/v1.0/account/Wallet';
const S = '/api/v1.0/openbadge/v2/Wallet/Setting/Passkeys';

/** The browser origin the Worker expects: its RP id (localhost for a loopback IP) on its own port. */
function originFor(base, rpId) {
  const url = new URL(base);
  url.hostname = rpId;
  return url.origin;
}

/** An account holding one passkey, added through the settings API as the settings page does. */
async function withPasskey(base) {
  const email = `bench-passkey-${Date.now().toString(36)}@example.test`;
  await registerAndActivate(base, { email, password: PASSWORD, firstName: 'Bench', lastName: 'Passkey' });
  const login = await post(base, `${A}/Login`, { email, password: PASSWORD });
  const session = cookie(login.res, 'accessToken');
  const asked = await post(base, `${S}/Register/Options`, { password: PASSWORD }, session);
  if (asked.json.status !== 200) throw new Error(`Register/Options: ${JSON.stringify(asked.json)}`);
  const key = softwarePasskey(originFor(base, asked.json.options.rp.id));
  const made = await post(base, `${S}/Register/Verify`, { response: key.register(asked.json.options) }, session);
  if (made.json.status !== 200) throw new Error(`Register/Verify: ${JSON.stringify(made.json)}`);
  return key;
}

export async function passkeyFigures(base, { rounds = 100 } = {}) {
  const key = await withPasskey(base);
  const whole = [];
  const wholeServer = [];
  const optionsServer = [];
  const verifyServer = [];
  for (let i = -5; i < rounds; i++) {
    const ip = `10.22.${(i + 5) >> 8}.${(i + 5) & 255}`;
    const asked = await post(base, `${A}/LoginPasskey/Options`, {}, '', ip);
    if (asked.json.status !== 200) throw new Error(`LoginPasskey/Options: ${JSON.stringify(asked.json)}`);
    const answer = key.authenticate(asked.json.options);
    const done = await post(base, `${A}/LoginPasskey`, { response: answer }, '', ip);
    if (done.json.status !== 200) throw new Error(`LoginPasskey: ${JSON.stringify(done.json)}`);
    if (!cookie(done.res, 'accessToken')) throw new Error('LoginPasskey set no session cookie');
    if (i < 0) continue; // warm-up
    whole.push(asked.ms + done.ms);
    wholeServer.push(asked.server + done.server);
    optionsServer.push(asked.server);
    verifyServer.push(done.server);
  }
  const f = (xs) => ({ p50: round(quantile(xs, 0.5)), p99: round(quantile(xs, 0.99)) });
  return {
    rounds,
    whole: f(whole),
    wholeServer: f(wholeServer),
    optionsServer: f(optionsServer),
    verifyServer: f(verifyServer),
  };
}
