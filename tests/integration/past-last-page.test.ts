import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { certificateListPage } from '../../src/server/certificates/pages-service';
import { findIssuerPage } from '../../src/server/discovery/pages-service';
import { publicWalletPage } from '../../src/server/wallet/pages-service';
import { seedDoc, seedIssuer, seedOwner } from './acad-helpers';
import { createAccount } from './helpers';
import { awardTo, newBadgeClass, newIssuer } from './issuing-helpers';

/*
 * Issue 35, item 3 (d): `?page=2` of a list of 6 showed "6 certificates" over an empty list. The
 * server-rendered lists now answer where the page lies (pagingOf), so the page says there is no
 * such page and links to the last one; pages that exist and empty lists are answered as before.
 */

describe('the certificate list past its last page', () => {
  let owner: Awaited<ReturnType<typeof seedOwner>>;
  beforeAll(async () => {
    const issuer = await seedIssuer();
    owner = await seedOwner();
    for (let i = 0; i < 6; i += 1) await seedDoc(issuer, owner, { title: `Certificate ${i + 1}` });
  });

  const page = (n: number, perPage = 20) =>
    certificateListPage(env.DB, owner.id, { page: n, perPage, sort: 'issuer_name', order: 'asc' });

  it('answers page 2 of 6 as past the last page, which is page 1', async () => {
    const list = await page(2);
    expect(list.total).toBe(6);
    expect(list.items).toEqual([]);
    expect(list.paging).toEqual({ page: 2, pages: 1, pastLast: 1 });
  });

  it('answers pages that exist as before, with no notice', async () => {
    const first = await page(1);
    expect(first.items).toHaveLength(6);
    expect(first.paging).toEqual({ page: 1, pages: 1, pastLast: null });
    const second = await page(2, 4);
    expect(second.items).toHaveLength(2);
    expect(second.paging).toEqual({ page: 2, pages: 2, pastLast: null });
    expect((await page(7, 4)).paging).toEqual({ page: 7, pages: 2, pastLast: 2 });
  });

  it('says nothing of pages for a wallet without certificates (its own empty message stays)', async () => {
    const stranger = await createAccount();
    const list = await certificateListPage(env.DB, stranger.id, { page: 3, perPage: 20, sort: 'issuer_name' });
    expect(list.total).toBe(0);
    expect(list.paging.pastLast).toBeNull();
  });
});

describe('the public wallet and an issuer page past their last page', () => {
  let account: Awaited<ReturnType<typeof createAccount>>;
  let issuerId: string;
  beforeAll(async () => {
    account = await createAccount();
    const issuer = await newIssuer('Paging Institute');
    issuerId = issuer.issuerId;
    const badge = await newBadgeClass(issuer.apiKey, { name: 'Paging Basics' });
    await awardTo(issuer.apiKey, badge, [account.email]);
    // Received and shown publicly, as the owner would (the receiving steps have tests of their own).
    await env.DB.prepare(
      'UPDATE assertions SET account_id = ?1, accept_status = 2, is_public = 1 WHERE recipient_email_normalized = ?2',
    )
      .bind(account.id, account.email.toLowerCase())
      .run();
  });

  it('answers the public wallet’s page 2 of one badge as past the last page', async () => {
    const past = await publicWalletPage(env.DB, account.id, '-IssuedOn', 2, Date.now());
    expect(past?.total).toBe(1);
    expect(past?.items).toEqual([]);
    expect(past?.paging).toEqual({ page: 2, pages: 1, pastLast: 1 });
    const first = await publicWalletPage(env.DB, account.id, '-IssuedOn', 1, Date.now());
    expect(first?.items).toHaveLength(1);
    expect(first?.paging.pastLast).toBeNull();
  });

  it('gives an issuer page the total its pager needs to tell page 5 is past the last', async () => {
    const past = await findIssuerPage(env.DB, issuerId, 5, 'desc');
    expect(past?.badges).toEqual([]);
    expect(past?.total_count).toBe(1);
  });
});
