import { and, eq, isNotNull } from 'drizzle-orm';
import { normalizeEmail } from '../../lib/email';
import { newId } from '../auth/tokens';
import { db } from '../db/client';
import { accountEmails, acadDocs } from '../db/schema';
import { AppError } from '../errors';
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
  const d = db(env.DB);
  const email = normalizeEmail(input.recipient);
  const owner = await d
    .select({ accountId: accountEmails.accountId })
    .from(accountEmails)
    .where(and(eq(accountEmails.emailNormalized, email), isNotNull(accountEmails.verifiedAt)))
    .limit(1);
  const id = newId();
  await d
    .insert(acadDocs)
    .values({
      id,
      issuerId,
      recipientEmail: input.recipient.trim(),
      recipientEmailNormalized: email,
      accountId: owner[0]?.accountId ?? null,
      name: input.name,
      title: input.title,
      issuerName: issuer.name,
      detailsJson: JSON.stringify(input.details),
      isBlockchain: input.blockchain,
      issuedOn: input.issued_on ? Date.parse(input.issued_on) : Date.now(),
      createdAt: Date.now(),
    })
    .run();
  return id;
}
