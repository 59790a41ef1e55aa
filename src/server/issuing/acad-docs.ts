import { normalizeEmail } from '../../lib/email';
import { newId } from '../auth/tokens';
import { AppError } from '../errors';
import { acadDocsRepo } from './acad-docs-repo';
import { issuingRepo } from './repo';

/** Awards a certificate; it belongs to the account whose *verified* address it was issued to. */
export async function createAcadDoc(
  env: Env,
  issuerId: string,
  input: {
    recipient: string;
    name: string;
    title: string;
    details: Record<string, unknown>;
    issued_on?: string | undefined;
    blockchain: boolean;
  },
) {
  const issuer = await issuingRepo(env.DB).issuer(issuerId);
  if (!issuer) throw new AppError('E404102');
  const repo = acadDocsRepo(env.DB);
  const email = normalizeEmail(input.recipient);
  const owner = await repo.verifiedOwner(email);
  const id = newId();
  await repo.insert({
    id,
    issuerId,
    recipientEmail: input.recipient.trim(),
    recipientEmailNormalized: email,
    accountId: owner,
    name: input.name,
    title: input.title,
    issuerName: issuer.name,
    detailsJson: JSON.stringify(input.details),
    isBlockchain: input.blockchain,
    issuedOn: input.issued_on ? Date.parse(input.issued_on) : Date.now(),
    createdAt: Date.now(),
  });
  return id;
}
