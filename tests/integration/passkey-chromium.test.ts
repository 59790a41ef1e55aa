import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { sha256Hex } from '../../src/server/auth/tokens';
import ceremony from '../fixtures/passkeys/chromium-ceremony.json';
import { accountCall, passkeyCall, storedPasskey } from './passkey-helpers';
import { signedIn } from './settings-helpers';

/**
 * What a real browser sends, not only what our software authenticator makes: one registration and
 * one sign-in captured from Chromium's virtual authenticator (tests/fixtures/passkeys/README.md)
 * for fixed challenges, verified by the server as they are. The challenges and the user handle are
 * planted in D1 as the options calls would have stored them.
 */
describe('passkeys: a ceremony recorded from Chromium', () => {
  it('registers and signs in with what Chromium answered', async () => {
    const acct = await signedIn();
    const now = Date.now();
    await env.DB.prepare('INSERT INTO webauthn_users (account_id, handle, created_at) VALUES (?, ?, ?)')
      .bind(acct.id, ceremony.userHandle, now)
      .run();
    for (const [purpose, challenge, owner] of [
      ['register', ceremony.registrationChallenge, acct.id],
      ['signin', ceremony.assertionChallenge, null],
    ] as const) {
      await env.DB.prepare(
        `INSERT INTO webauthn_challenges (challenge_hash, purpose, account_id, created_at, expires_at)
         VALUES (?, ?, ?, ?, ?)`,
      )
        .bind(await sha256Hex(challenge), purpose, owner, now, now + 60_000)
        .run();
    }
    const reg = await passkeyCall(acct.cookie, 'Register/Verify', {
      response: ceremony.registration,
      name: 'Chromium',
    });
    expect(reg.http).toBe(200);
    expect(reg.json['passkey']).toMatchObject({ id: ceremony.registration.id, name: 'Chromium' });
    const r = await accountCall('LoginPasskey', { response: ceremony.assertion });
    expect(r.http).toBe(200);
    expect(r.json).toMatchObject({ account_id: acct.id });
    expect((await storedPasskey(ceremony.registration.id))?.last_used_at).not.toBeNull();
    // Recorded once, used once: the same answer again is a replay.
    const again = await accountCall('LoginPasskey', { response: ceremony.assertion });
    expect([again.http, again.code]).toEqual([400, 'E400154']);
  });
});
