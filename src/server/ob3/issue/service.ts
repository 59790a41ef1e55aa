import { runBatch } from '../../db/batch';
import { signOb3Credential } from '../proof/sign';
import { credentialDocument } from './credential-doc';
import { ob3CredentialRepo } from './credential-repo';
import { didDocument } from './did-doc';
import { issuerEd25519Key, signerOf } from './keys';
import type { Ed25519KeyRow } from './keys-repo';
import { ob3KeysRepo } from './keys-repo';
import { statusListDocument } from './status-list';
import { ob3StatusRepo, type SlotKind } from './status-repo';
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
    slotEntry(env, 'award', award.issuer.id, assertionId, now),
    issuerEd25519Key(env, award.issuer.id, now),
  ]);
  const status = entry ? { listNo: entry.list_no, index: entry.status_index } : null;
  const unsigned = credentialDocument(env.PUBLIC_BASE_URL, award, tags, status);
  const { keyId, sign } = await signerFor(env, key, now);
  const credential = await sign(unsigned);
  await repo.keep(assertionId, keyId, JSON.stringify(credential), now);
  // A parallel first use may have kept its copy first; everyone hands out the one kept.
  const winner = await repo.kept(assertionId);
  return winner ? (JSON.parse(winner) as Obj) : credential;
}

/**
 * The status entry of an award, or of a document's CLR (issue 38). Awards made before issue 21 and
 * documents made before migration 0021 get theirs on first use, in one batch that also marks the
 * list changed when the award or document is already revoked (its bit is set from then on).
 */
async function slotEntry(env: Env, kind: SlotKind, issuerId: string, id: string, now: number) {
  const status = ob3StatusRepo(env.DB);
  const entry = await status.entryOf(kind, id);
  if (entry) return entry;
  await runBatch(env.DB, [...status.allocate(kind, issuerId, id, now), status.touchListOf(kind, id)]);
  return status.entryOf(kind, id);
}

/** An academic document's CLR status entry as its list's address and index (issue 38). */
export async function docStatusEntry(env: Env, issuerId: string, docId: string, now = Date.now()) {
  const entry = await slotEntry(env, 'doc', issuerId, docId, now);
  return entry
    ? { list: ob3Urls(env.PUBLIC_BASE_URL).statusList(issuerId, entry.list_no), index: entry.status_index }
    : null;
}

/**
 * A signer for a stored issuer key, unsealed once however many documents it signs
 * (eddsa-rdfc-2022, the key's `#key-1`), each proof written as a set of one.
 */
async function signerFor(env: Env, key: Ed25519KeyRow, now: number) {
  const { keyId, signer } = await signerOf(env, key);
  const sign = async (doc: Obj): Promise<Obj> => {
    const s = await signOb3Credential(doc, signer, 'eddsa-rdfc-2022', isoNow(now));
    // 1EdTech's credential schemas want `proof` as an array: a proof set of one.
    s['proof'] = Array.isArray(s['proof']) ? s['proof'] : [s['proof']];
    return s;
  };
  return { keyId, sign };
}

/**
 * A signer as the issuer (its did:web key, made on first use): a CLR's course credentials and
 * then the record over them, with one unsealing (issue 38).
 */
export const issuerSigner = async (env: Env, issuerId: string, now = Date.now()) =>
  signerFor(env, await issuerEd25519Key(env, issuerId, now), now);

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
