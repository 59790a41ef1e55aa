import type { Language } from '../i18n/languages';
import { path } from './paths';

/** Service country 1-7 (spec §2): selects the regional help, privacy and terms pages. */
export interface RegionalLinks {
  region: string;
  help: string;
  privacy: string;
  terms: string;
}

const REGIONS: Record<number, string> = { 1: 'jp', 2: 'kr', 3: 'cn', 4: 'tw', 5: 'id', 6: 'th', 7: 'vn' };
/** A visitor with no account: the region of the page's language (issue 35: a Thai page led to /jp/). */
const REGION_OF_LANGUAGE: Partial<Record<Language, string>> = {
  ja: 'jp',
  ko: 'kr',
  'zh-cn': 'cn',
  'zh-tw': 'tw',
  id: 'id',
  th: 'th',
  vi: 'vn',
};

type LinkKind = 'help' | 'privacy' | 'terms';
/** One link: a URL template, or templates by page language with "*" for the rest. */
type LinkSetting = string | Record<string, string>;
export type SiteLinks = Partial<Record<LinkKind, LinkSetting>>;

/**
 * The targets when the operator sets none (README "Footer and help links"): `.example` placeholders
 * by region, and the wallet's own terms page, which exists in every language.
 */
const DEFAULTS: Record<LinkKind, string> = {
  help: 'https://www.lanyard.example/{region}/help',
  privacy: 'https://www.lanyard.example/{region}/privacy',
  terms: `${path('/terms')}?language={lang}`,
};

/** SITE_LINKS parsed, or the reason it cannot be used (for the configuration check). */
export function parseSiteLinks(raw: string | undefined): { links: SiteLinks } | { problem: string } {
  if (!raw) return { links: {} };
  const bad = {
    problem:
      'SITE_LINKS must be JSON like {"help": "https://…/{lang}/help", "privacy": {"th": "https://…", "*": "https://…"}}.',
  };
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    return bad;
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return bad;
  for (const [kind, value] of Object.entries(parsed)) {
    if (!(kind in DEFAULTS)) return { problem: `SITE_LINKS: "${kind}" is not one of help, privacy, terms.` };
    const targets =
      typeof value === 'string' ? [value] : value && typeof value === 'object' ? Object.values(value) : [null];
    for (const t of targets)
      if (typeof t !== 'string' || !(/^https:\/\//.test(t) || t.startsWith('/')))
        return { problem: `SITE_LINKS.${kind}: every target must be an https URL or a path on the wallet.` };
  }
  return { links: parsed as SiteLinks };
}

/**
 * The help, privacy and terms links of a page: the operator's SITE_LINKS (templates with {lang} and
 * {region}, by page language where given), else the defaults. The region is the account's service
 * country, or, for a visitor, the page language's.
 */
export function regionalLinks(
  serviceCountry: number | null | undefined,
  lang: Language = 'en',
  settings: SiteLinks = {},
): RegionalLinks {
  const region =
    (serviceCountry ? REGIONS[serviceCountry] : undefined) ??
    (serviceCountry ? undefined : REGION_OF_LANGUAGE[lang]) ??
    'jp';
  const link = (kind: LinkKind) => {
    const s = settings[kind];
    const template = typeof s === 'string' ? s : (s?.[lang] ?? s?.['*'] ?? DEFAULTS[kind]);
    return template.replaceAll('{lang}', encodeURIComponent(lang)).replaceAll('{region}', region);
  };
  return { region, help: link('help'), privacy: link('privacy'), terms: link('terms') };
}

/** The operator's SITE_LINKS, or none when unset or unusable (the configuration check names why). */
export function siteLinksOf(env: { SITE_LINKS?: string | undefined }): SiteLinks {
  const r = parseSiteLinks(env.SITE_LINKS);
  return 'links' in r ? r.links : {};
}
