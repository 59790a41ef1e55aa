import { accountRepo } from '../accounts/account-repo';
import { walletUrl } from '../http/wallet-url';
import { issuingRepo } from '../issuing/repo';
import { hostedService } from '../hosted/service';
import { ownedHost, ownedHostCredential } from '../wallet/host-service';
import { ownedBadge } from '../wallet/service';
import { AppError } from '../errors';
import { badgePng } from '../share/badge-png';
import type { Language } from '../../i18n/languages';
import type { Translate } from '../../i18n/translator';
import { certificateText, pdfRecipientName } from '../certificates/pdf-language';
import { qrPng, qrSvg } from '../images/qr';
import { ob3Issuing } from '../ob3/issue';
import { bakeOb3Png } from '../openbadges/baking';
import { importedCredentialFile } from './imported';

/** The public page a QR code and a PDF point to (also the page a verifier opens). */
export const publicPageUrl = (env: Env, id: string) => walletUrl(env, `/public/assertions/detail/${id}`);

/** Received badges only: a claimable badge is not the person's until they receive it. */
async function receivedBadge(env: Env, id: string, accountId: string) {
  const b = await ownedBadge(env.DB, id, accountId);
  if (b.acceptStatus === 0) throw new AppError('E404101');
  return b;
}

/** Not one of this account's received badges (any other failure still fails). */
const notFoundAsNull = (err: unknown) => {
  if (err instanceof AppError && err.code === 'E404101') return null;
  throw err;
};

/**
 * A received badge whose files carry its credential (baked image, JSON, OB 3.0, Blockcerts): once
 * revoked they are refused with 410 E410180, never handed out as if the badge were valid (docs/design/decisions.md
 * "Downloads of a revoked badge or certificate"). The badge stays on its owner's page.
 */
async function credentialBadge(env: Env, id: string, accountId: string) {
  const b = await receivedBadge(env, id, accountId);
  if (b.revokedAt !== null) throw new AppError('E410180');
  return b;
}

/** The owner's downloads of one badge (spec §1): each answers 404 for anyone else (AZ-01). */
export function downloadService(env: Env) {
  return {
    /**
     * The PDF certificate in the request's language `lang`, translated by `t` (pdf-language.ts). It
     * carries no credential, so a revoked badge's is still given, printed REVOKED with the date and
     * reason, and without the verification link and QR code (its public page is gone).
     */
    async certificate(
      id: string,
      accountId: string,
      locale: { lang: Language; t: Translate },
      waitUntil: (p: Promise<unknown>) => void,
    ) {
      const b = await receivedBadge(env, id, accountId);
      const [account, bc] = await Promise.all([
        accountRepo(env.DB).profile(accountId),
        issuingRepo(env.DB).badgeClass(b.badgeClassId),
      ]);
      if (!account) throw new AppError('E404101');
      const image = await badgePng(env, bc?.imageKey ?? null, bc?.imageType ?? null, waitUntil);
      const verifyUrl = publicPageUrl(env, b.id);
      const { lang, t } = locale;
      // Loaded on first use (issue 37): the PDF writer, fontkit and their tables stay out of start-up.
      const { renderCertificate } = await import('./pdf');
      const bytes = await renderCertificate(env, {
        recipient: pdfRecipientName(t, lang, account),
        badge: b.name,
        text: certificateText(t, lang, {
          issuer: b.issuerName,
          issuedOn: b.issuedOn,
          expiresAt: b.expiresAt,
          verifyUrl,
          revoked: b.revokedAt === null ? null : { on: b.revokedAt, reason: b.revokedReason },
        }),
        qrPng: await qrPng(verifyUrl, 240),
        badgePng: image,
        lang,
      });
      return { badge: b, bytes };
    },

    /** The baked image: the badge image carrying its assertion, as verifiers expect. */
    async image(id: string, accountId: string, waitUntil: (p: Promise<unknown>) => void) {
      const b = await credentialBadge(env, id, accountId);
      const result = await hostedService(env).bakedImage(b.id, waitUntil);
      if (result.kind !== 'ok') throw new AppError('E404101');
      return { badge: b, type: result.type, bytes: result.bytes };
    },

    /**
     * The hosted Open Badges assertion document of a badge issued here; of an imported badge, the
     * credential as it was received (imported.ts). Either is refused once revoked (E410180).
     */
    async json(id: string, accountId: string) {
      const issued = await receivedBadge(env, id, accountId).catch(notFoundAsNull);
      if (!issued) return importedCredentialFile(await ownedHostCredential(env.DB, id, accountId));
      if (issued.revokedAt !== null) throw new AppError('E410180');
      const live = await hostedService(env).liveAssertion(issued.id);
      if (live.kind !== 'ok') throw new AppError('E404101');
      const { name, issuedOn } = issued;
      return { name, issuedOn, body: JSON.stringify(live.doc, null, 2), type: 'application/ld+json', ext: 'json' };
    },

    /** The award as a signed Open Badges 3.0 credential (issue 21); refused once revoked (E410180). */
    async ob3Json(id: string, accountId: string) {
      const b = await credentialBadge(env, id, accountId);
      const doc = await ob3Issuing.credential(env, b.id);
      if (!doc) throw new AppError('E404101');
      return { badge: b, doc };
    },

    /**
     * The OB 3.0 credential baked into the badge's PNG (iTXt `openbadgecredential`); an SVG badge
     * image is rasterised first, so this download is always a PNG.
     */
    async ob3Image(id: string, accountId: string, waitUntil: (p: Promise<unknown>) => void) {
      const badge = await credentialBadge(env, id, accountId);
      const doc = await ob3Issuing.credential(env, badge.id);
      if (!doc) throw new AppError('E404101');
      const bc = await issuingRepo(env.DB).badgeClass(badge.badgeClassId);
      const png = await badgePng(env, bc?.imageKey ?? null, bc?.imageType ?? null, waitUntil);
      if (!png) throw new AppError('E404101');
      return { badge, bytes: bakeOb3Png(png, JSON.stringify(doc)) };
    },

    /** The QR code of a badge's public page (issued, or else imported). */
    async qrCode(id: string, accountId: string) {
      const issued = await receivedBadge(env, id, accountId).catch(() => null);
      const url = issued
        ? publicPageUrl(env, issued.id)
        : walletUrl(env, `/public/assertions/host/detail/${(await ownedHost(env.DB, id, accountId)).id}`);
      const [svg, png] = await Promise.all([qrSvg(url), qrPng(url)]);
      return { url, svg, png };
    },
  };
}
