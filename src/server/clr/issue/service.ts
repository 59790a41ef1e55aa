import { AppError } from '../../errors';
import { readRows } from '../../issuing/templates';
import { ob3Issuing } from '../../ob3/issue';
import { clrDocuments } from './clr-doc';
import { clrIssueRepo } from './repo';

type Obj = Record<string, unknown>;

/**
 * The signed ClrCredential of an academic document issued here (issue 38): the kept copy once there
 * is one (callers decide whether a revoked or deleted document's may be handed out), else signed
 * now; null for a document that is missing or deleted and was never signed. Signed once, on first
 * use, and kept, as OB 3.0 credentials are: issuing a document pays only for its status slot, and
 * every download hands out the same record. Each course credential is signed first, by the same
 * issuer key, and the record over them.
 */
export async function clrCredentialOf(env: Env, docId: string, now = Date.now()): Promise<Obj | null> {
  const repo = clrIssueRepo(env.DB);
  const kept = await repo.kept(docId);
  if (kept) return JSON.parse(kept) as Obj;
  const found = await repo.doc(docId);
  if (!found) return null;
  const { doc, issuer } = found;
  const status = await ob3Issuing.docStatus(env, issuer.id, doc.id, now);
  const { record, courses } = await clrDocuments({
    doc,
    rows: readRows(doc),
    issuer: ob3Issuing.profile(env.PUBLIC_BASE_URL, issuer),
    status,
  });
  const { keyId, sign } = await ob3Issuing.signer(env, issuer.id, now);
  const nested: Obj[] = [];
  for (const course of courses) nested.push(await sign(course));
  const subject = record['credentialSubject'] as Obj;
  const signed = await sign({ ...record, credentialSubject: { ...subject, verifiableCredential: nested } });
  await repo.keep(doc.id, keyId, JSON.stringify(signed), now);
  // A parallel first use may have kept its copy first; everyone hands out the one kept.
  const winner = await repo.kept(doc.id);
  return winner ? (JSON.parse(winner) as Obj) : signed;
}

/**
 * The record of one of the issuer's own documents: another issuer's is as good as missing
 * (E404108), and a revoked one is never handed out as if it were valid (E410181, as for the
 * owner's downloads).
 */
export async function clrForIssuer(env: Env, issuerId: string, docId: string): Promise<Obj> {
  const found = await clrIssueRepo(env.DB).doc(docId);
  if (!found || found.doc.issuerId !== issuerId) throw new AppError('E404108');
  if (found.doc.revokedAt !== null) throw new AppError('E410181');
  const record = await clrCredentialOf(env, found.doc.id);
  if (!record) throw new AppError('E404108');
  return record;
}
