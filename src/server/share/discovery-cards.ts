import type { Language } from '../../i18n/languages';
import { AppError } from '../errors';
import { badgePng, pngDataUrl } from './badge-png';
import type { ShareCard } from './render';
import { cachedCard } from './service';
import { discoveryRepo } from '../discovery/pages-repo';
import { translator } from '../http/translator';

export type CardKind = 'class' | 'issuer' | 'skill';

/** The website's host, shown on an issuer's card (the full address rarely fits). */
const host = (url: string) => {
  try {
    return new URL(url).host;
  } catch {
    return '';
  }
};

/**
 * The 1200x630 share images of the discovery pages (Open Graph), in the page's language: a badge
 * class (its image, issuer and public holders), an issuer (website, public badges) and a skill
 * (public badges). Stored like a badge's share image, keyed by everything they show.
 */
export async function discoveryShareImage(
  env: Env,
  kind: CardKind,
  id: string,
  lang: Language,
  waitUntil: (p: Promise<unknown>) => void,
) {
  const t = await translator(env, lang);
  const repo = discoveryRepo(env.DB);
  const slot = `${kind}-${id}-${lang}`;
  const plain = (card: Omit<ShareCard, 'image' | 'lang'>) => async (): Promise<ShareCard> => ({
    ...card,
    image: null,
    lang,
  });
  if (kind === 'class') {
    const c = await repo.classCard(id);
    if (!c) throw new AppError('E404101');
    const holders = t('class_page.holders', { count: c.publicCount });
    return cachedCard(env, slot, [c.name, c.issuerName, holders, c.imageKey, lang], waitUntil, async () => {
      const png = await badgePng(env, c.imageKey, c.imageType, waitUntil);
      return { badge: c.name, issuer: c.issuerName, recipient: holders, image: png ? pngDataUrl(png) : null, lang };
    });
  }
  if (kind === 'issuer') {
    const i = await repo.issuerCard(id);
    if (!i) throw new AppError('E404102');
    const line = t('issuer_page.badges', { count: i.badges });
    return cachedCard(
      env,
      slot,
      [i.name, i.url, line, lang],
      waitUntil,
      plain({ badge: i.name, issuer: host(i.url), recipient: line }),
    );
  }
  const s = await repo.skillCard(id);
  if (!s) throw new AppError('E404107');
  const title = t('skill_page.title', { skill: s.name });
  const line = t('skill_page.badges', { count: s.publicBadgeCount });
  return cachedCard(env, slot, [title, line, lang], waitUntil, plain({ badge: title, issuer: '', recipient: line }));
}
