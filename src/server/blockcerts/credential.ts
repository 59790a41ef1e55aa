import { htmlLang, toLanguage } from '../../i18n/languages';
import { bytesToBase64 } from '../../lib/base64';
import { hostedService } from '../hosted/service';
import { readRows } from '../issuing/templates';
import { badgeDisplayHtml, credentialDocument, documentDisplayHtml, type CredentialFields } from './credential-doc';
import { credentialHash } from './hash';
import { bytesToHex } from '../../lib/bytes';
import { bcUrls } from './urls';
import { translator } from '../http/translator';

export type CredentialKind = 'badge' | 'acad_doc';

/** A built credential: its id, its unsigned JSON and its MerkleProof2019 leaf (targetHash, hex). */
export interface BuiltCredential {
  id: string;
  json: string;
  leafHash: string;
}

type Fields = Omit<CredentialFields, 'id' | 'issuerProfile'> & { issuerId: string };

/** A live badge's fields; null when it is missing, revoked or deleted (nothing to anchor). */
async function badgeFields(env: Env, id: string): Promise<Fields | null> {
  const hosted = hostedService(env);
  const live = await hosted.liveAssertion(id);
  if (live.kind !== 'ok') return null;
  const { a, imageKey, imageType } = live.found;
  const cls = await hosted.badgeClass(a.badgeClassId);
  if (!cls?.bc) return null;
  const { bc, doc } = cls;
  const png = imageKey && imageType === 'png' ? await env.BUCKET.get(imageKey) : null;
  return {
    issuerId: a.issuerId,
    issuedOn: a.issuedOn,
    expiresAt: a.expiresAt,
    name: bc.name,
    description: bc.description,
    recipient: { salt: a.recipientSalt, identity: a.recipientHash },
    recipientName: null,
    claim: { id: doc.id, name: doc.name, description: doc.description, image: doc.image, criteria: doc.criteria },
    display: png
      ? {
          contentMediaType: 'image/png',
          contentEncoding: 'base64',
          content: bytesToBase64(new Uint8Array(await png.arrayBuffer())),
        }
      : { contentMediaType: 'text/html', content: badgeDisplayHtml(bc.name, bc.description) },
    metadata: { kind: 'badge', assertion: hosted.urls.assertion(id) },
  };
}

/** A live academic document's fields, its display in the document's own language and script. */
async function acadFields(env: Env, id: string): Promise<Fields | null> {
  const hosted = hostedService(env);
  const live = await hosted.acad.live(id);
  const cls = live.kind === 'ok' ? await hosted.acad.badgeClass(id) : null;
  if (live.kind !== 'ok' || !cls) return null;
  const { doc } = live.found;
  const lang = toLanguage(doc.language) ?? 'en';
  const t = await translator(env, lang);
  const [heading = doc.title, ...lines] = cls.description.split('\n');
  const date = new Intl.DateTimeFormat(htmlLang(lang), { dateStyle: 'long', timeZone: 'UTC' });
  const html = documentDisplayHtml({
    lang: htmlLang(lang),
    heading,
    title: doc.title,
    recipientName: doc.name,
    lines,
    rows: doc.kind === 'transcript' ? readRows(doc) : [],
    rowHeads: [
      t('certificate_pdf.col_course'),
      t('certificate_pdf.col_credits'),
      t('certificate_pdf.col_grade'),
      t('certificate_pdf.col_term'),
    ],
    issuerName: t('certificate_pdf.issued_by', { issuer: doc.issuerName }),
    issuedOn: t('certificate_pdf.issued_on', { date: date.format(doc.issuedOn) }),
  });
  return {
    issuerId: doc.issuerId,
    issuedOn: doc.issuedOn,
    expiresAt: null,
    name: doc.title,
    description: cls.description,
    recipient: { salt: doc.recipientSalt, identity: doc.recipientHash },
    recipientName: doc.name,
    claim: { id: cls.id, name: cls.name, description: cls.description, image: cls.image, criteria: cls.criteria },
    display: { contentMediaType: 'text/html', content: html },
    metadata: { kind: 'acad_doc', assertion: hosted.urls.assertion(id), language: doc.language },
  };
}

/**
 * Builds the unsigned Blockcerts v3 credential of a badge or academic document, with a fresh
 * urn:uuid id, and its leaf hash; null when the subject is not live (missing, revoked, deleted).
 * The issuer is the issuer's Blockcerts profile hosted here (bcUrls(...).issuer), which names the
 * anchoring key; the nightly batch stores the result once per subject (bc_credentials).
 */
export async function buildCredential(
  env: Env,
  kind: CredentialKind,
  subjectId: string,
): Promise<BuiltCredential | null> {
  const fields = kind === 'badge' ? await badgeFields(env, subjectId) : await acadFields(env, subjectId);
  if (!fields) return null;
  const { issuerId, ...rest } = fields;
  const id = `urn:uuid:${crypto.randomUUID()}`;
  const doc = credentialDocument({ ...rest, id, issuerProfile: bcUrls(env.PUBLIC_BASE_URL).issuer(issuerId) });
  return { id, json: JSON.stringify(doc), leafHash: bytesToHex(await credentialHash(doc)) };
}
