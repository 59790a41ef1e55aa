import { validKey, addressOf } from '../chain/sign';
import { AppError } from '../errors';
import { issuingRepo } from '../issuing/repo';
import { credentialRepo, type StoredCredential } from './credential-repo';
import { issuerProfileDocument, revocationListDocument } from './profile';
import { bcUrls } from './urls';

/** Where a badge's or document's blockchain certificate is (the detail pages show it). */
export type BlockchainState =
  | { state: 'none' }
  | { state: 'processing' }
  | { state: 'anchored'; network: string; txHash: string; anchoredAt: number | null };

const anchored = (c: StoredCredential | null): c is StoredCredential & { proofJson: string } => !!c?.proofJson;

/** The served credential: the stored unsigned JSON with its MerkleProof2019 proof. */
const served = (c: StoredCredential & { proofJson: string }) => ({
  ...(JSON.parse(c.credentialJson) as Record<string, unknown>),
  proof: JSON.parse(c.proofJson) as unknown,
});

/** Lanyard's Blockcerts documents: profiles, revocation lists and anchored credentials (issue 19). */
export function blockcertsService(env: Env) {
  const repo = credentialRepo(env.DB);
  const u = bcUrls(env.PUBLIC_BASE_URL);

  /** The configured anchoring address and every one a batch was sent from, lower case, once each. */
  async function addresses() {
    const key = env.CHAIN_PRIVATE_KEY;
    const all = [...(validKey(key) ? [addressOf(key)] : []), ...(await repo.anchorAddresses())];
    return [...new Set(all.map((a) => a.toLowerCase()))];
  }

  return {
    urls: u,

    async issuerProfile(issuerId: string) {
      const issuer = await issuingRepo(env.DB).issuer(issuerId);
      return issuer ? issuerProfileDocument(u, issuer, await addresses()) : null;
    },

    async revocationList(issuerId: string) {
      if (!(await issuingRepo(env.DB).issuer(issuerId))) return null;
      const rows = await repo.revoked(issuerId);
      return revocationListDocument(
        u,
        issuerId,
        rows.map((r) => ({ id: r.id, reason: r.reason ?? (r.deletedAt ? 'Deleted by the issuer.' : null) })),
      );
    },

    /**
     * The public AssertionBC document: the anchored credential; 'gone' once its badge or document
     * is revoked or deleted (the credential id is then on the revocation list); missing until anchored.
     */
    async hosted(subjectId: string) {
      const c = await repo.bySubject(subjectId);
      if (!anchored(c)) return { kind: 'missing' as const };
      if (c.gone) {
        const reason = c.reason ? { revocationReason: c.reason } : {};
        return { kind: 'gone' as const, doc: { id: c.id, revoked: true, ...reason } };
      }
      return { kind: 'ok' as const, doc: served(c) };
    },

    /** The state the owner's detail page shows. */
    async state(subjectId: string): Promise<BlockchainState> {
      const c = await repo.bySubject(subjectId);
      if (!anchored(c)) return { state: 'processing' };
      return { state: 'anchored', network: c.network ?? '', txHash: c.txHash ?? '', anchoredAt: c.blockTime };
    },

    /**
     * The owner's download (spec §7 Download/Blockchain): their own received badge or document,
     * live; 404 for anyone else; 409 E409118 while it waits for the nightly anchoring; once
     * revoked, 410 (E410180 badge, E410181 document): a revoked credential is not handed out.
     */
    /**
     * The anchored credential of a badge or document, for its owner's download (downloads/ checks
     * whose it is first): 404 while there is none, 409 E409118 while it waits for the nightly batch.
     */
    async anchoredDocument(kind: 'badge' | 'acad_doc', id: string) {
      const c = await repo.bySubject(id);
      if (!c) throw new AppError(kind === 'badge' ? 'E404101' : 'E404108');
      if (!anchored(c)) throw new AppError('E409118');
      return served(c);
    },
  };
}
