import * as Ed25519Multikey from '@digitalbazaar/ed25519-multikey';
import { newId } from '../../auth/tokens';
import { sealPrivateKey, unsealPrivateKey } from '../../openbadges/keys';
import { ob3KeysRepo, type Ed25519KeyRow } from './keys-repo';
import { ob3Urls } from './urls';

/** What signing needs: the stored key's id and a signer whose id is the DID's `#key-1`. */
export interface IssuerSigner {
  keyId: string;
  signer: { id?: string; algorithm: string; sign(data: { data: Uint8Array }): Promise<Uint8Array> };
}

/** The issuer's live Ed25519 key, made on first use (issuers created before issue 21 have none). */
export async function issuerEd25519Key(env: Env, issuerId: string, now = Date.now()): Promise<Ed25519KeyRow> {
  const repo = ob3KeysRepo(env.DB);
  const live = await repo.liveKey(issuerId);
  if (live) return live;
  const fresh = await Ed25519Multikey.generate();
  const secret = (await fresh.export({ publicKey: true, secretKey: true }))['secretKeyMultibase'];
  if (typeof secret !== 'string') throw new Error('Ed25519 key without a secret part');
  await repo.insertIfNone({
    id: newId(),
    issuerId,
    publicKeyMultibase: fresh.publicKeyMultibase,
    privateKeyEnc: await sealPrivateKey(env, new TextEncoder().encode(secret)),
    createdAt: now,
  });
  const won = await repo.liveKey(issuerId);
  if (!won) throw new Error('issuer has no Ed25519 key');
  return won;
}

/** A signer for a stored key; the private part is unsealed only here, for one signing. */
export async function signerOf(env: Env, row: Ed25519KeyRow): Promise<IssuerSigner> {
  const urls = ob3Urls(env.PUBLIC_BASE_URL);
  const secretKeyMultibase = new TextDecoder().decode(await unsealPrivateKey(env, row.privateKeyEnc));
  const pair = await Ed25519Multikey.from({
    id: urls.keyId(row.issuerId),
    controller: urls.did(row.issuerId),
    publicKeyMultibase: row.publicKeyMultibase,
    secretKeyMultibase,
  });
  return { keyId: row.id, signer: pair.signer() };
}
