import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { awardTo, issuerCall, newBadgeClass, newIssuer, PNG, b64 } from './issuing-helpers';

/** The issuer API takes the same text and address rules as the wallet (DATA-05, DATA-20). */
describe('issuer API text and addresses', () => {
  it('awards to an internationalised domain, stored as punycode: the holder of either form receives it', async () => {
    const { apiKey } = await newIssuer();
    const bc = await newBadgeClass(apiKey);
    const award = await awardTo(apiKey, bc, ['learner@bücher.example']);
    expect(award.json).toMatchObject({ status: 200, assertions: [{ email: 'learner@xn--bcher-kva.example' }] });
    const row = await env.DB.prepare('SELECT recipient_email_normalized AS email FROM assertions WHERE id = ?')
      .bind(award.ids[0])
      .first<{ email: string }>();
    expect(row?.email).toBe('learner@xn--bcher-kva.example');
  });

  it('refuses NUL and other control characters in names with the control-character message', async () => {
    const { apiKey } = await newIssuer();
    for (const name of ['Bad\u0000Name', 'Tab\u0009Name', 'Bell\u0007', 'C1\u0085Name']) {
      const { res, json } = await issuerCall('/badge-classes', apiKey, {
        name,
        description: 'Did the thing.',
        image: b64(PNG),
        criteria_narrative: 'Do the thing.',
      });
      expect(res.status, JSON.stringify(name)).toBe(400);
      expect(JSON.stringify(json)).toContain('validation.control_characters');
    }
  });
});
