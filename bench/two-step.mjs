// Issue 22 figures: sign-in with authenticator-app codes, Lanyard's side. Each round is a whole
// sign-in (POST Login with the password, Argon2id included, then POST LoginSecondStep with the code
// the app shows now), client-timed, and the second step alone. A code is accepted once per 30-second
// step, so between rounds (untimed) the account's newest accepted step is set back with devSql; the
// timed requests run exactly the production path (three HMACs, one batch that re-checks and closes).
import { devSql } from '../scripts/lib/dev-sql.mjs';
import { registerAndActivate } from '../scripts/lib/register.mjs';
import { cookie, post, quantile, round } from './sign-in-http.mjs';
import { codeAt, stepAt } from '../src/server/mfa/totp.ts';

const PASSWORD = 'Bench#Pass2024';
const A = '/api/v1.0/account/Wallet';
const S = '/api/v1.0/openbadge/v2/Wallet/Setting/TwoStep/AppCodes';

/** An account with app codes on: registered, signed in, enrolled and confirmed through the API. */
async function enrolled(base) {
  const email = `bench-totp-${Date.now().toString(36)}@example.test`;
  const id = await registerAndActivate(base, { email, password: PASSWORD, firstName: 'Bench', lastName: 'Totp' });
  const login = await post(base, `${A}/Login`, { email, password: PASSWORD });
  const session = cookie(login.res, 'accessToken');
  const start = await post(base, `${S}/Start`, { password: PASSWORD }, session);
  const secret = start.json.secret;
  const confirm = await post(base, `${S}/Confirm`, { code: await codeAt(secret, stepAt(Date.now())) }, session);
  if (confirm.json.status !== 200) throw new Error(`two-step confirm: ${JSON.stringify(confirm.json)}`);
  return { email, id, secret };
}

export async function twoStepFigures(base, { rounds = 100 } = {}) {
  const acct = await enrolled(base);
  const whole = [];
  const second = [];
  const secondServer = [];
  const wholeServer = [];
  for (let i = -5; i < rounds; i++) {
    await devSql(base, `UPDATE totp_factors SET last_step = 0 WHERE account_id = '${acct.id}'`);
    const first = await post(base, `${A}/Login`, { email: acct.email, password: PASSWORD });
    if (first.json.second_step !== 'totp') throw new Error(`Login: ${JSON.stringify(first.json)}`);
    const code = await codeAt(acct.secret, stepAt(Date.now()));
    const done = await post(base, `${A}/LoginSecondStep`, { code }, cookie(first.res, 'lanyard_mfa'));
    if (done.json.status !== 200) throw new Error(`LoginSecondStep: ${JSON.stringify(done.json)}`);
    if (i < 0) continue; // warm-up
    whole.push(first.ms + done.ms);
    second.push(done.ms);
    secondServer.push(done.server);
    wholeServer.push(first.server + done.server);
  }
  const f = (xs) => ({ p50: round(quantile(xs, 0.5)), p99: round(quantile(xs, 0.99)) });
  return {
    rounds,
    whole: f(whole),
    second: f(second),
    wholeServer: f(wholeServer),
    secondServer: f(secondServer),
  };
}
