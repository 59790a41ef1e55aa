import { looksLikeJws } from '../openbadges/verify/jws-parse';
import { accountRepo } from '../accounts/account-repo';
import { blockcertsService } from '../blockcerts/service';
import { hostedService } from '../hosted/service';
import { notificationsRepo } from '../notifications/repo';
import { ob3Issuing } from '../ob3/issue';
import { notificationSettingsRepo } from '../settings/prefs-repo';
import { exportObjects } from './objects-repo';
import { ACCOUNT_DIR, pictureName, type ExportState } from './state';
import { exportSourceRepo, type CertItem, type HostItem, type OwnItem, type RecordItem } from './wallet-repo';

/** One file of the archive. Names are built here from ids we chose, never from badge text. */
export interface ExportFile {
  name: string;
  bytes: Uint8Array;
}

const enc = new TextEncoder();
const json = (name: string, value: unknown): ExportFile => ({
  name,
  bytes: enc.encode(`${JSON.stringify(value, null, 2)}\n`),
});
const parsed = (text: string | null): unknown => {
  if (text === null) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
};
const imageExt = (type: string) => (type.includes('svg') ? 'svg' : type.includes('png') ? 'png' : 'bin');
const NOTIFICATION_PAGE = 500;

/** The account's own records: profile (no password hash), addresses, settings, notifications. */
async function metaFiles(env: Env, accountId: string): Promise<ExportFile[]> {
  const accounts = accountRepo(env.DB);
  const [a, emails, settings] = await Promise.all([
    accounts.profile(accountId),
    accounts.emails(accountId),
    notificationSettingsRepo(env.DB).get(accountId),
  ]);
  const notices = [];
  for (let offset = 0; ; offset += NOTIFICATION_PAGE) {
    const page = await notificationsRepo(env.DB).page(accountId, null, offset, NOTIFICATION_PAGE);
    notices.push(...page.map((n) => ({ ...n, messageParams: parsed(n.messageParams) })));
    if (page.length < NOTIFICATION_PAGE) break;
  }
  const profile = a && {
    firstName: a.firstName,
    lastName: a.lastName,
    firstNameEn: a.firstNameEn,
    lastNameEn: a.lastNameEn,
    bio: a.bio,
    serviceCountry: a.serviceCountry,
    language: a.language,
    createdAt: a.createdAt,
  };
  return [
    json(`${ACCOUNT_DIR}/profile.json`, profile),
    json(`${ACCOUNT_DIR}/emails.json`, emails),
    json(`${ACCOUNT_DIR}/notification-settings.json`, settings),
    json(`${ACCOUNT_DIR}/notifications.json`, notices),
  ];
}

/*
 * A revoked item keeps its record (its data, and the hosted documents, which say it was revoked)
 * but not the files that carry its credential, as its downloads do (docs/design/decisions.md "Downloads of a revoked
 * badge or certificate", issue 33 item 5): a revoked credential is never handed out as a clean one.
 */

/**
 * A badge issued here: its OB 2.0 assertion, baked image, OB 3.0 credential and Blockcerts copy.
 * Without a baked image (revoked, or deleted by its issuer) the index shows the picture the wallet
 * shows for it, its class's image as stored, which carries no assertion (kept under images/).
 */
async function issuedFiles(env: Env, b: OwnItem, waitUntil: (p: Promise<unknown>) => void) {
  const dir = `badges/${b.id}`;
  const hosted = hostedService(env);
  const [live, image, ob3, bc] = await Promise.all([
    hosted.liveAssertion(b.id),
    hosted.bakedImage(b.id, waitUntil),
    ob3Issuing.credential(env, b.id),
    blockcertsService(env).hosted(b.id),
  ]);
  const files: ExportFile[] = [];
  if (live.kind !== 'missing') files.push(json(`${dir}/assertion-ob2.json`, live.doc));
  if (image.kind === 'ok') files.push({ name: `${dir}/badge-baked.${image.type}`, bytes: image.bytes });
  else if (b.imageKey && b.imageType) {
    const plain = await exportObjects(env.BUCKET).object(b.imageKey);
    if (plain) files.push({ name: pictureName('badges', b.id, b.imageType), bytes: plain.bytes });
  }
  // Revoked (or deleted by its issuer): the hosted documents say so, the baked image is not made.
  if (ob3 && live.kind === 'ok') files.push(json(`${dir}/credential-ob3.json`, ob3));
  if (bc.kind !== 'missing') files.push(json(`${dir}/blockcerts.json`, bc.doc));
  return files;
}

/**
 * A revoked badge's record keeps what it said but not its signature (an OB 3.0 `proof`, a Blockcerts
 * `signature`), so that no file in the export is a credential that still verifies (issue 33, item 5).
 */
function unsigned(record: unknown): unknown {
  if (!record || typeof record !== 'object' || Array.isArray(record)) return record;
  return Object.fromEntries(Object.entries(record).filter(([k]) => k !== 'proof' && k !== 'signature'));
}

/** An imported badge: what was received, as received, and its stored image. */
async function hostFiles(env: Env, h: HostItem) {
  const dir = `imported/${h.id}`;
  const assertion = parsed(h.assertionJson);
  const files: ExportFile[] = [
    json(`${dir}/assertion.json`, {
      format: h.format,
      assertion: h.revokedAt === null ? assertion : unsigned(assertion),
      badge: parsed(h.badgeJson),
      issuer: parsed(h.issuerJson),
    }),
  ];
  if (h.rawCredential !== null && h.revokedAt === null) {
    const isJwt = !h.rawCredential.trimStart().startsWith('{');
    const base = h.format === 'blockcerts' ? 'blockcerts' : `credential-${h.format}`;
    files.push({ name: `${dir}/${base}.${isJwt ? 'jwt' : 'json'}`, bytes: enc.encode(h.rawCredential) });
  }
  const image = h.imageKey ? await exportObjects(env.BUCKET).object(h.imageKey) : null;
  if (image) files.push({ name: `${dir}/image.${imageExt(image.type)}`, bytes: image.bytes });
  return files;
}

/**
 * An academic certificate: its data, its printed PDF (when printed), its Blockcerts copy, and for
 * the index its picture under images/ (its class image: the template's seal or logo, else the card
 * drawn for its kind; no assertion in it, so a revoked one keeps it too).
 */
async function certFiles(env: Env, c: CertItem) {
  const dir = `certificates/${c.id}`;
  const { pdfKey, detailsJson, rowsJson, ...rest } = c;
  const files: ExportFile[] = [
    json(`${dir}/certificate.json`, { ...rest, details: parsed(detailsJson), rows: parsed(rowsJson) }),
  ];
  const [pdf, bc, image] = await Promise.all([
    pdfKey ? exportObjects(env.BUCKET).object(pdfKey) : null,
    blockcertsService(env).hosted(c.id),
    hostedService(env).acad.classImage(c.id),
  ]);
  // Its PDF carries the signed credential as an attachment.
  if (pdf && c.revokedAt === null) files.push({ name: `${dir}/certificate.pdf`, bytes: pdf.bytes });
  if (bc.kind !== 'missing') files.push(json(`${dir}/blockcerts.json`, bc.doc));
  if (image) files.push({ name: pictureName('certificates', c.id, 'png'), bytes: image });
  return files;
}

/**
 * A learner record held from elsewhere (issue 38): the record exactly as it was received, its JSON
 * or its VC-JWT, so it verifies anywhere as it did when it was added, and an import takes it again.
 */
function recordFile(r: RecordItem): ExportFile {
  const isJwt = looksLikeJws(r.raw);
  return { name: `records/${r.id}/learner-record.${isJwt ? 'jwt' : 'json'}`, bytes: enc.encode(r.raw) };
}

/**
 * The files of the next slice of the wallet after `state`, and the state after them: one section
 * page per step, so a step's memory is bounded by one page of badges.
 */
export async function collectSlice(env: Env, accountId: string, state: ExportState) {
  const src = exportSourceRepo(env.DB);
  const pending: Promise<unknown>[] = [];
  const waitUntil = (p: Promise<unknown>) => void pending.push(p);
  const next = (section: ExportState['section'], after: string, n: number): ExportState => ({
    ...state,
    section,
    after,
    done: state.done + n,
  });
  let files: ExportFile[] = [];
  let after: ExportState;
  switch (state.section) {
    case 'meta':
      files = await metaFiles(env, accountId);
      after = next('issued', '', 0);
      break;
    case 'issued': {
      const rows = await src.issued(accountId, state.after);
      for (const b of rows) files.push(...(await issuedFiles(env, b, waitUntil)));
      const last = rows.at(-1);
      after = last ? next('issued', last.id, rows.length) : next('host', '', 0);
      break;
    }
    case 'host': {
      const rows = await src.host(accountId, state.after);
      for (const h of rows) files.push(...(await hostFiles(env, h)));
      const last = rows.at(-1);
      after = last ? next('host', last.id, rows.length) : next('certs', '', 0);
      break;
    }
    case 'certs': {
      const rows = await src.certs(accountId, state.after);
      for (const c of rows) files.push(...(await certFiles(env, c)));
      const last = rows.at(-1);
      after = last ? next('certs', last.id, rows.length) : next('records', '', 0);
      break;
    }
    case 'records': {
      const rows = await src.records(accountId, state.after);
      for (const r of rows) files.push(recordFile(r));
      const last = rows.at(-1);
      after = last ? next('records', last.id, rows.length) : next('final', '', 0);
      break;
    }
    case 'final':
      after = state;
  }
  // Cache writes the baked images asked for: finished before the step reports done.
  await Promise.allSettled(pending);
  return { files, after };
}
