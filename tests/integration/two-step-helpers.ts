import { env, exports } from 'cloudflare:workers';
import { codeAt, stepAt } from '../../src/server/mfa/totp';
import { BASE, SAME_ORIGIN } from './helpers';
import { PASSWORD, settingsCall, signedIn } from './settings-helpers';

const A = `${BASE}/api/v1.0/account/Wallet`;

/** The `name=value` of a Set-Cookie header, or ''. */
export const cookieOf = (res: Response, name: string) =>
  res.headers
    .getSetCookie()
    .find((c) => c.startsWith(`${name}=`))
    ?.split(';')[0] ?? '';

/** The app's code for `offset` steps from now (±1 is accepted, as a phone's clock may drift). */
export const appCode = (secret: string, offset = 0) => codeAt(secret, stepAt(Date.now()) + offset);

/** Login's first answer: the JSON, the pending-step cookie and the session cookie (if any). */
export async function passwordStep(email: string, password = PASSWORD) {
  const res = await exports.default.fetch(`${A}/Login`, {
    method: 'POST',
    headers: SAME_ORIGIN,
    body: JSON.stringify({ email, password }),
  });
  return {
    http: res.status,
    json: (await res.json()) as Record<string, unknown>,
    pending: cookieOf(res, 'lanyard_mfa'),
    session: cookieOf(res, 'accessToken'),
    setCookie: res.headers.getSetCookie(),
  };
}

/** LoginSecondStep with a pending-step cookie. */
export async function codeStep(pending: string, code: string) {
  const res = await exports.default.fetch(`${A}/LoginSecondStep`, {
    method: 'POST',
    headers: { ...SAME_ORIGIN, ...(pending ? { Cookie: pending } : {}) },
    body: JSON.stringify({ code }),
  });
  const json = (await res.json()) as { errors?: { code: string; message: string }[] } & Record<string, unknown>;
  return { http: res.status, code: json.errors?.[0]?.code ?? null, json, session: cookieOf(res, 'accessToken') };
}

/**
 * A signed-in account with app codes on. The enrolment is confirmed with the code one step back,
 * so the current and next steps are left for two sign-ins in the test.
 */
export async function withAppCodes() {
  const acct = await signedIn();
  const start = await settingsCall(acct.cookie, 'TwoStep/AppCodes/Start', { password: PASSWORD });
  const secret = String(start.json['secret']);
  const confirmAt = async () => {
    const before = stepAt(Date.now());
    const res = await settingsCall(acct.cookie, 'TwoStep/AppCodes/Confirm', { code: await codeAt(secret, before - 1) });
    return { res, moved: stepAt(Date.now()) !== before };
  };
  // A 30-second step may end between reckoning the code and the Worker checking it; the code one
  // step back is then two steps back and rightly refused, so that one case is tried again.
  const first = await confirmAt();
  const confirm = first.res.http !== 200 && first.moved ? (await confirmAt()).res : first.res;
  if (confirm.http !== 200) throw new Error(`confirm failed: ${confirm.code}`);
  return { ...acct, secret, recovery: confirm.json['recovery_codes'] as string[] };
}

/** The lockout row of an address, as stored. */
export async function attempts(email: string) {
  const { attemptKey } = await import('../../src/server/accounts/login');
  return env.DB.prepare('SELECT failures, locked_until AS lockedUntil FROM login_attempts WHERE email_hash = ?')
    .bind(await attemptKey(email))
    .first<{ failures: number; lockedUntil: number | null }>();
}
