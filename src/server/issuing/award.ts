import { toLanguage } from '../../i18n/languages';
import { normalizeEmail } from '../../lib/email';
import { newId, randomToken, sha256Hex } from '../auth/tokens';
import { CONFIG } from '../config';
import type { BatchItem } from '../db/batch';
import { ACCEPT_STATUS } from '../db/schema';
import { hashRecipient } from '../openbadges/documents';
import { commitWithJobs } from '../outbox/commit';
import type { OutboxJob } from '../outbox/jobs';
import type { AwardChunk, AwardSpec, PlannedAward } from '../outbox/payloads';
import { path } from '../../lib/paths';
import { accountRepo } from '../accounts/account-repo';
import { walletUrl } from '../http/wallet-url';
import { ob3Issuing } from '../ob3/issue';
import { assertionsRepo } from './assertions-repo';
import { awardMail } from './award-mail';
import { issuingRepo } from './repo';
import { bytesToHex } from '../../lib/bytes';
import { translator } from '../http/translator';

/**
 * Awards one chunk in one D1 batch: per recipient the assertion (salted SHA-256 identity), a single-
 * use receive link, the award mail as an outbox row, and a "badge awarded" notification when the
 * address is a verified address of an account (received at once when automatic receipt is on).
 * Assertions that already exist are skipped, so running a chunk twice changes nothing.
 */
export async function awardChunk(env: Env, chunk: AwardChunk, now = Date.now()): Promise<void> {
  const issuing = issuingRepo(env.DB);
  const repo = assertionsRepo(env.DB);
  const [issuer, badgeClass, existing] = await Promise.all([
    issuing.issuer(chunk.issuerId),
    issuing.badgeClass(chunk.spec.badgeClassId),
    repo.existingIds(chunk.planned.map((p) => p.assertionId)),
  ]);
  if (!issuer || !badgeClass) return;
  const todo = chunk.planned.filter((p) => !existing.has(p.assertionId));
  if (todo.length === 0) return;
  const owners = new Map(
    (await accountRepo(env.DB).verifiedOwners(todo.map((p) => normalizeEmail(p.email)))).map((o) => [o.email, o]),
  );
  const statements: BatchItem[] = [];
  const jobs: OutboxJob[] = [];
  for (const p of todo) {
    const normalized = normalizeEmail(p.email);
    const owner = owners.get(normalized);
    const salt = bytesToHex(crypto.getRandomValues(new Uint8Array(16)));
    const autoReceived = owner?.autoReceive === true;
    const token = randomToken();
    const days = CONFIG.award.receiveLinkDays;
    // Before the assertion's insert: the link exists only if this batch creates the badge.
    statements.push(
      repo.insertReceiveTokenForNew(
        await sha256Hex(token),
        p.assertionId,
        owner?.id ?? null,
        now + days * 86_400_000,
        now,
      ),
    );
    statements.push(
      repo.insert({
        id: p.assertionId,
        badgeClassId: badgeClass.id,
        issuerId: issuer.id,
        recipientEmail: p.email.trim(),
        recipientEmailNormalized: normalized,
        recipientSalt: salt,
        recipientHash: await hashRecipient(normalized, salt),
        accountId: owner?.id ?? null,
        acceptStatus: autoReceived
          ? chunk.spec.blockchain
            ? ACCEPT_STATUS.receiving
            : ACCEPT_STATUS.accepted
          : ACCEPT_STATUS.unaccepted,
        acceptedAt: autoReceived ? now : null,
        verificationType: chunk.spec.verification,
        isBlockchain: chunk.spec.blockchain,
        narrative: chunk.spec.narrative ?? null,
        evidenceJson: chunk.spec.evidence?.length ? JSON.stringify(chunk.spec.evidence) : null,
        issuedOn: chunk.spec.issuedOn,
        expiresAt: chunk.spec.expiresAt,
        reissuedFrom: p.reissuedFrom ?? null,
        createdAt: now,
        updatedAt: now,
      }),
    );
    // OB 3.0 (issue 21): the award's bit in the issuer's status list, taken in this same batch.
    statements.push(...ob3Issuing.reserve(env.DB, issuer.id, p.assertionId, now));
    if (p.reissuedFrom) {
      statements.push(repo.markDeletedByIssuer(p.reissuedFrom, issuer.id, now));
      statements.push(ob3Issuing.listChanged(env.DB, p.reissuedFrom));
    }
    const lang = toLanguage(owner?.language) ?? chunk.spec.language;
    const link = walletUrl(env, `/receive/${token}`);
    // An account that turned badge mails off (notification settings) is not mailed.
    if (owner?.receiveBadgeMail !== false) {
      jobs.push({
        // Named after the assertion, so a retried chunk cannot mail twice.
        id: `award-mail-${p.assertionId}`,
        kind: 'mail',
        payload: awardMail(p.email.trim(), await translator(env, lang), {
          badge: badgeClass.name,
          issuer: issuer.name,
          link,
          days,
        }),
      });
    }
    if (owner) {
      const url = path(`/assertions/${autoReceived ? 'detail' : 'unaccepted-detail'}/${p.assertionId}`);
      statements.push(
        repo.notifyOnce(owner.id, JSON.stringify({ badge: badgeClass.name, issuer: issuer.name }), url, now),
      );
    }
  }
  await commitWithJobs(env, statements, jobs, now);
}

/**
 * The issuer's idempotency key for one award call (the Idempotency-Key header): a request sent again
 * after a lost answer, an abort or a 503 names the same assertions, which already exist and are
 * skipped, so it awards nothing twice (FLT-01). The badge class is part of it: a key reused for
 * another badge awards that one.
 */
export interface AwardKey {
  issuerId: string;
  badgeClassId: string;
  key: string;
}

async function keyedAssertionId(k: AwardKey, normalizedEmail: string): Promise<string> {
  return (await sha256Hex(`award\n${k.issuerId}\n${k.key}\n${k.badgeClassId}\n${normalizedEmail}`)).slice(0, 32);
}

/** Plans ids for every recipient (duplicates in one request are awarded once); keyed calls get derived ids. */
export async function planAwards(emails: string[], key?: AwardKey): Promise<PlannedAward[]> {
  const seen = new Set<string>();
  const out: PlannedAward[] = [];
  for (const email of emails) {
    const normalized = normalizeEmail(email);
    if (seen.has(normalized)) continue;
    seen.add(normalized);
    out.push({ assertionId: key ? await keyedAssertionId(key, normalized) : newId(), email: email.trim() });
  }
  return out;
}

/**
 * Awards a badge: small awards run now, larger ones are split into chunks that the queue performs
 * (written as outbox rows in one batch, so none is lost), keeping every request far from Worker
 * limits. Returns the planned assertion ids either way.
 */
export async function award(env: Env, issuerId: string, spec: AwardSpec, emails: string[], key?: string) {
  const planned = await planAwards(emails, key ? { issuerId, badgeClassId: spec.badgeClassId, key } : undefined);
  if (planned.length <= CONFIG.award.syncLimit) {
    await awardChunk(env, { issuerId, spec, planned });
    return { planned, queued: false };
  }
  const chunks: OutboxJob[] = [];
  for (let i = 0; i < planned.length; i += CONFIG.award.chunkSize) {
    chunks.push({
      kind: 'award_chunk',
      payload: { issuerId, spec, planned: planned.slice(i, i + CONFIG.award.chunkSize) },
    });
  }
  await commitWithJobs(env, [], chunks);
  return { planned, queued: true };
}
