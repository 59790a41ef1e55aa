import { runBatch } from '../../db/batch';
import { signOb3Credential } from '../proof/sign';
import { credentialDocument } from './credential-doc';
import { ob3CredentialRepo } from './credential-repo';
import { didDocument } from './did-doc';
import { issuerEd25519Key, signerOf } from './keys';
import { ob3KeysRepo } from './keys-repo';
import { statusListDocument } from './status-list';
import { ob3StatusRepo } from './status-repo';
import { OB3_ISSUE_PREFIX, ob3Urls } from './urls';

type Obj = Record<string, unknown>;

/**
 * The signed OB 3.0 OpenBadgeCredential of an award made here, null if there is no such award
 * (shared contract, issue 21). Signed once, on first use, and kept: awarding itself pays only for
 * the status entry, and every later download or API listing hands out the same credential.
 */
export async function ob3CredentialOf(env: Env, assertionId: string, now = Date.now()): Promise<Obj | null> {
  const repo = ob3CredentialRepo(env.DB);
  const kept = await repo.kept(assertionId);
  if (kept) return JSON.parse(kept) as Obj;
  const award = await repo.award(assertionId);
  if (!award) return null;
  const [tags, entry, key] = await Promise.all([
    repo.tagNames(award.bc.id),
    statusEntry(env, award.issuer.id, assertionId, now),
    issuerEd25519Key(env, award.issuer.id, now),
  ]);
  const status = entry ? { listNo: entry.list_no, index: entry.status_index } : null;
  const { keyId, signer } = await signerOf(env, key);
  const unsigned = credentialDocument(env.PUBLIC_BASE_URL, award, tags, status);
  const signed = await signOb3Credential(unsigned, signer, 'eddsa-rdfc-2022', isoNow(now));
  // 1EdTech's AchievementCredential schema wants `proof` as an array: a proof set of one.
  signed['proof'] = Array.isArray(signed['proof']) ? signed['proof'] : [signed['proof']];
  await repo.keep(assertionId, keyId, JSON.stringify(signed), now);
  // A parallel first use may have kept its copy first; everyone hands out the one kept.
  const winner = await repo.kept(assertionId);
  return winner ? (JSON.parse(winner) as Obj) : signed;
}

/**
 * The award's status entry. Awards made before issue 21 get theirs on first use, in one batch that
 * also marks the list changed when the award is already revoked (its bit is set from then on).
 */
async function statusEntry(env: Env, issuerId: string, assertionId: string, now: number) {
  const status = ob3StatusRepo(env.DB);
  const entry = await status.entryOf(assertionId);
  if (entry) return entry;
  await runBatch(env.DB, [...status.allocate(issuerId, assertionId, now), status.touchListOf(assertionId)]);
  return status.entryOf(assertionId);
}

/**
 * An academic document's CLR status entry as its list's address and index (issue 38). Documents
 * issued before migration 0021 get theirs on first use, in one batch that also marks the list
 * changed when the document is already revoked or deleted.
 */
export async function docStatusEntry(env: Env, issuerId: string, docId: string, now = Date.now()) {
  const status = ob3StatusRepo(env.DB);
  let entry = await status.docEntryOf(docId);
  if (!entry) {
    await runBatch(env.DB, [...status.allocateDoc(issuerId, docId, now), status.touchListOfDoc(docId)]);
    entry = await status.docEntryOf(docId);
  }
  return entry
    ? { list: ob3Urls(env.PUBLIC_BASE_URL).statusList(issuerId, entry.list_no), index: entry.status_index }
    : null;
}

/**
 * Signs documents as the issuer (eddsa-rdfc-2022 with its did:web key, made on first use), the key
 * unsealed once for all of them: a CLR's course credentials and then the record (issue 38). Each
 * proof is written as a set of one, as 1EdTech's schemas want.
 */
export async function signAsIssuer(env: Env, issuerId: string, unsigned: Obj[], now = Date.now()) {
  const { keyId, signer } = await signerOf(env, await issuerEd25519Key(env, issuerId, now));
  const signed: Obj[] = [];
  for (const doc of unsigned) {
    const s = await signOb3Credential(doc, signer, 'eddsa-rdfc-2022', isoNow(now));
    s['proof'] = Array.isArray(s['proof']) ? s['proof'] : [s['proof']];
    signed.push(s);
  }
  return { keyId, signed };
}

/** An issuer's DID document (its key made on first use), or null for an unknown or deleted issuer. */
export async function issuerDidDocument(env: Env, issuerId: string): Promise<Obj | null> {
  const keys = ob3KeysRepo(env.DB);
  const live = await keys.liveKey(issuerId);
  const key = live ?? ((await keys.issuerLive(issuerId)) ? await issuerEd25519Key(env, issuerId) : null);
  return key ? didDocument(env.PUBLIC_BASE_URL, issuerId, key.publicKeyMultibase) : null;
}

/**
 * The signed BitstringStatusListCredential of one list, or null. The signed copy is kept with the
 * list's revision and re-signed only when a revocation changed the list since.
 */
export async function statusListCredential(env: Env, issuerId: string, listNo: number, now = Date.now()) {
  const repo = ob3StatusRepo(env.DB);
  const list = await repo.list(issuerId, listNo);
  if (!list) return null;
  if (list.signed_json && list.signed_revision === list.revision) return JSON.parse(list.signed_json) as Obj;
  const unsigned = await statusListDocument(env.PUBLIC_BASE_URL, issuerId, listNo, list.size, list.set, now);
  const { signer } = await signerOf(env, await issuerEd25519Key(env, issuerId, now));
  const signed = await signOb3Credential(unsigned, signer, 'eddsa-rdfc-2022', isoNow(now));
  await repo.keepSigned(issuerId, listNo, list.revision, JSON.stringify(signed));
  return signed;
}

const isoNow = (now: number) => new Date(now).toISOString().replace(/\.\d{3}Z$/, 'Z');

const OWN = new RegExp(
  `^${OB3_ISSUE_PREFIX.replace(/\./g, '\\.')}/(?:issuers/([A-Za-z0-9_-]+)/(?:(did\\.json)|status/(\\d{1,6}))|credentials/([A-Za-z0-9_-]+))$`,
);

/** Reads one of our own OB 3.0 documents by path (the verifier's own-host reader, and the routes). */
export async function ownOb3Document(env: Env, path: string): Promise<Obj | null> {
  const m = OWN.exec(path);
  if (!m) return null;
  const [, issuerId, did, listNo, credentialId] = m;
  if (credentialId) return ob3CredentialOf(env, credentialId);
  if (!issuerId) return null;
  if (did) return issuerDidDocument(env, issuerId);
  return statusListCredential(env, issuerId, Number(listNo));
}
