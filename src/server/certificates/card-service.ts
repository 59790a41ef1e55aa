import { AppError } from '../errors';
import { cachedCard } from '../share/service';
import { acadRepo } from './acad-repo';
import { headingOf } from './present';

/** A seal with ribbons: the card's picture, where a badge's card shows the badge. */
const SEAL = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 300 300">
<path d="M105 185 L70 290 L115 268 L138 300 L160 205 Z" fill="#084683"/>
<path d="M195 185 L230 290 L185 268 L162 300 L140 205 Z" fill="#084683"/>
<circle cx="150" cy="128" r="118" fill="#0b5cad"/>
<circle cx="150" cy="128" r="94" fill="none" stroke="#ffffff" stroke-width="6"/>
<path d="M104 130 l32 32 l62 -64" fill="none" stroke="#ffffff" stroke-width="18" stroke-linecap="round" stroke-linejoin="round"/>
</svg>`;
const SEAL_URL = `data:image/svg+xml;base64,${btoa(SEAL)}`;

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
    Promise.resolve({ badge: doc.title, issuer: doc.issuerName, recipient, image: SEAL_URL, lang: doc.language }),
  );
}
