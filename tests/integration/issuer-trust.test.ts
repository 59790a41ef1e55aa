import { describe, expect, it } from 'vitest';
import { DEV_ADMIN_TOKEN } from '../../src/server/middleware/issuer-auth';
import { env, issuerCall, newIssuer } from './issuing-helpers';

const certified = async (issuerId: string) =>
  (
    await env.DB.prepare('SELECT is_certified FROM issuers WHERE id = ?')
      .bind(issuerId)
      .first<{ is_certified: number }>()
  )?.is_certified;

describe('issuer certification (ISS-10)', () => {
  it('the admin token certifies an issuer when creating it', async () => {
    const { json } = await issuerCall('/issuers', DEV_ADMIN_TOKEN, {
      name: 'Certified University',
      url: 'https://certified.example',
      email: 'badges@certified.example',
      is_certified: true,
    });
    expect(await certified(json.issuer_id as string)).toBe(1);
  });

  it("an issuer's own key cannot certify it: 403, and nothing in the profile changes", async () => {
    const { issuerId, apiKey } = await newIssuer('Self Promoter');
    const { res, json } = await issuerCall(
      '/issuer',
      apiKey,
      { name: 'Self Promoter (certified)', is_certified: true },
      'PATCH',
    );
    expect(res.status).toBe(403);
    expect(json.errors).toMatchObject([{ code: 'E403102' }]);
    expect(await certified(issuerId)).toBe(0);
    const name = await env.DB.prepare('SELECT name FROM issuers WHERE id = ?').bind(issuerId).first<string>('name');
    expect(name).toBe('Self Promoter');
  });

  it('nor uncertify it: the flag is the operator’s alone', async () => {
    const { json: created } = await issuerCall('/issuers', DEV_ADMIN_TOKEN, {
      name: 'Certified College',
      url: 'https://college.example',
      email: 'badges@college.example',
      is_certified: true,
    });
    const { res } = await issuerCall('/issuer', created.api_key as string, { is_certified: false }, 'PATCH');
    expect(res.status).toBe(403);
    expect(await certified(created.issuer_id as string)).toBe(1);
  });

  it('the rest of the profile stays the issuer’s to edit', async () => {
    const { issuerId, apiKey } = await newIssuer('Plain Issuer');
    const { res } = await issuerCall('/issuer', apiKey, { name: 'Plain Issuer, renamed' }, 'PATCH');
    expect(res.status).toBe(200);
    const name = await env.DB.prepare('SELECT name FROM issuers WHERE id = ?').bind(issuerId).first<string>('name');
    expect(name).toBe('Plain Issuer, renamed');
  });
});
