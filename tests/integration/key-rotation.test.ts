import { env } from 'cloudflare:workers';
import { describe, expect, inject, it } from 'vitest';
import { FetchBudget } from '../../src/server/outbound/fetch';
import { docSource } from '../../src/server/verify/doc-source';
import { verifyBadge } from '../../src/server/verify/verify';

const port = inject('issuerPort');
const rotating = `http://127.0.0.1:${port}/ob/rotating`;
const testEnv = { ...env, OUTBOUND_TEST_ALLOW: `127.0.0.1:${port}` };
const LEARNER = ['learner@example.test'];
const verify = (text: string) =>
  verifyBadge(testEnv, { kind: 'jws', text }, LEARNER, Date.now(), docSource(testEnv, new FetchBudget()));

describe('keys rotate (the per-isolate key cache never outlives a rotation)', () => {
  it('a badge signed with the new key is valid although the old key is still cached', async () => {
    const before = await (await fetch(`${rotating}/jws`)).text();
    expect((await verify(before)).verify_state).toBe('valid');
    // The issuer replaces the key at the same URL; the old one sits in the cache for ten minutes.
    expect((await fetch(`${rotating}/rotate`)).status).toBe(204);
    const after = await (await fetch(`${rotating}/jws`)).text();
    const r = await verify(after);
    expect(r.verify_errors_code).toEqual([]);
    expect(r.verify_state).toBe('valid');
    expect(r.checks.find((c) => c.check === 'checkSignature')?.outcome).toBe('pass');
    // The fresh key is the one kept now: the badge signed with the retired key no longer matches
    // the key it names, which is what a badge altered after signing looks like (E179).
    const old = await verify(before);
    expect(old.verify_errors_code).toEqual(['E179']);
  });
});
