import { AppError } from '../errors';
import { cachedCard } from '../share/service';
import { acadRepo } from './acad-repo';
import { headingOf } from './present';
import { sealUrl } from '../share/seal';

/**
 * The 1200x630 share image (Open Graph) of a public certificate: its title, issuer and the
 * recipient's name, in the fonts of the document's language. Stored like a badge's card, keyed by
 * everything it shows; a private, revoked or deleted certificate answers 404 before any cache is read.
 */
export async function certificateShareImage(env: Env, id: string, waitUntil: (p: Promise<unknown>) => void) {
  const doc = await acadRepo(env.DB).publicOne(id);
  if (!doc) throw new AppError('E404108');
  const heading = headingOf(doc);
  // The heading ("学位記") leads the recipient line when the template has one.
  const recipient = heading ? `${heading} · ${doc.name}` : doc.name;
  const shown = [doc.title, doc.issuerName, recipient, doc.language, 'seal-1'];
  return cachedCard(env, `acaddoc-${id}`, shown, waitUntil, () =>
    Promise.resolve({ badge: doc.title, issuer: doc.issuerName, recipient, image: sealUrl(), lang: doc.language }),
  );
}
