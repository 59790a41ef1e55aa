import { toLanguage } from '../../i18n/languages';
import { headingFor, imageFormat, readDetails, readRows, readTemplate, transcriptTotals } from '../issuing/templates';
import { acadAssertionDocument, acadBadgeClassDocument, hasIdentity } from '../openbadges/acad-docs';
import { bake } from '../openbadges/baking';
import { revokedAssertionDocument } from '../openbadges/documents';
import { signAssertion } from '../openbadges/jws';
import { openIssuerKey } from '../openbadges/keys';
import { ByteMemo } from '../openbadges/memo';
import type { ObUrls } from '../openbadges/urls';
import { generatedCard } from './acad-card';
import { acadDocRepo, type HostedAcadDoc } from './acad-doc-repo';
import { translator } from '../http/translator';

/** Baked document images, per isolate (public bytes, keyed by version; validity checked in D1). */
const baked = new ByteMemo(8 * 1024 * 1024);

/** The document's words for its BadgeClass, in the document's own language. */
async function classText(env: Env, found: HostedAcadDoc) {
  const { doc, template } = found;
  const lang = toLanguage(doc.language) ?? 'en';
  const t = await translator(env, lang);
  const heading = template ? headingFor(readTemplate(template), lang) : t(`certificate_pdf.kind_${doc.kind}`);
  const rows = doc.kind === 'transcript' ? readRows(doc) : [];
  const totals = rows.length ? transcriptTotals(rows) : null;
  return {
    title: doc.title,
    heading,
    details: readDetails(doc),
    totals: totals ? t('certificate_pdf.totals_summary', { courses: totals.courses, credits: totals.credits }) : null,
    criteria: t('certificate_pdf.criteria', { document: heading, issuer: doc.issuerName }),
  };
}

/**
 * Academic documents in the hosted namespace (issue 18): each is an OB 2.0 assertion at
 * /Assertion/{docId} with its own BadgeClass at /BadgeClass/{docId}. Only documents whose
 * recipient identity was written at award are served; the others are "missing" (not verifiable).
 */
export function acadHosting(env: Env, u: ObUrls) {
  const repo = acadDocRepo(env.DB);

  async function live(id: string) {
    const found = await repo.forHosting(id);
    if (!found || !hasIdentity(found.doc)) return { kind: 'missing' as const };
    const { doc } = found;
    if (doc.revokedAt || doc.deletedAt) {
      const reason = doc.revokedReason ?? (doc.deletedAt ? 'Deleted by the issuer.' : null);
      return { kind: 'gone' as const, doc: revokedAssertionDocument(u, { id: doc.id, revokedReason: reason }) };
    }
    return { kind: 'ok' as const, found, doc: acadAssertionDocument(u, doc, found.keyId) };
  }

  /** The class image: the template's seal, else its logo, when stored as PNG; else a generated card. */
  async function classImage(found: HostedAcadDoc): Promise<Uint8Array<ArrayBuffer>> {
    const t = found.template;
    const key = [t?.sealKey, t?.logoKey].find((k): k is string => !!k && imageFormat(k) === 'png');
    const obj = key ? await env.BUCKET.get(key) : null;
    return obj ? new Uint8Array(await obj.arrayBuffer()) : generatedCard(env, found.doc.kind);
  }

  return {
    live,

    /** The assertion and, when the issuer has a key, its compact JWS (what the PDF carries). */
    async signed(id: string) {
      const l = await live(id);
      if (l.kind !== 'ok') return l;
      const { keyId, privateKeyEnc } = l.found;
      const jws = keyId && privateKeyEnc ? await signAssertion(l.doc, await openIssuerKey(env, privateKeyEnc)) : null;
      return { ...l, jws };
    },

    /** The per-document BadgeClass, served while the document exists (revoked ones answer 410 above). */
    async badgeClass(id: string) {
      const found = await repo.forHosting(id);
      if (!found || !hasIdentity(found.doc) || found.doc.deletedAt) return null;
      return acadBadgeClassDocument(u, found.doc, await classText(env, found));
    },

    async classImage(id: string) {
      const found = await repo.forHosting(id);
      if (!found || !hasIdentity(found.doc) || found.doc.deletedAt) return null;
      return classImage(found);
    },

    /** The class image carrying the signed assertion (or the hosted one's URL), cached per version. */
    async bakedImage(id: string, waitUntil: (p: Promise<unknown>) => void) {
      const l = await live(id);
      if (l.kind !== 'ok') return l;
      const { doc, keyId, privateKeyEnc } = l.found;
      const cacheKey = `baked/${id}/${doc.updatedAt}-${keyId ?? 'hosted'}.png`;
      const ready = baked.get(cacheKey) ?? (await env.BUCKET.get(cacheKey).then((o) => o?.arrayBuffer()));
      if (ready) return { kind: 'ok' as const, type: 'png' as const, bytes: new Uint8Array(ready) };
      const payload =
        keyId && privateKeyEnc
          ? { verify: await signAssertion(l.doc, await openIssuerKey(env, privateKeyEnc)) }
          : { verify: l.doc.id, json: JSON.stringify(l.doc) };
      const bytes = bake(new Uint8Array(await classImage(l.found)), payload);
      baked.set(cacheKey, bytes);
      waitUntil(env.BUCKET.put(cacheKey, bytes, { httpMetadata: { contentType: 'image/png' } }));
      return { kind: 'ok' as const, type: 'png' as const, bytes };
    },

    /** Revoked or deleted documents, as RevocationList entries. */
    async revoked(issuerId: string) {
      const rows = await repo.revokedSigned(issuerId);
      return rows.map((r) => ({ id: r.id, reason: r.reason ?? (r.deletedAt ? 'Deleted by the issuer.' : null) }));
    },
  };
}
