/**
 * Where the share modes of spec §3 send the person (0 feed, 1 profile, 2/3 public page with or
 * without a message, 5 QR code; 4 blockchain belongs to the blockchain issue). Social sites are reached by
 * plain links (no third-party scripts on our pages): the public page's Open Graph tags do the rest.
 */
export interface ShareTarget {
  url: string;
  badge: string;
  issuer: string;
  issuedOn: string;
  id: string;
  message: string;
  /** The anchored blockchain certificate's public URL (share mode 4), when there is one. */
  blockchainUrl?: string;
}

/** LinkedIn "add to profile" (licenses & certifications), pre-filled from the badge. */
export function linkedInProfile(t: ShareTarget): string {
  const d = new Date(t.issuedOn);
  const q = new URLSearchParams({
    startTask: 'CERTIFICATION_NAME',
    name: t.badge,
    organizationName: t.issuer,
    issueYear: String(d.getUTCFullYear()),
    issueMonth: String(d.getUTCMonth() + 1),
    certUrl: t.url,
    certId: t.id,
  });
  return `https://www.linkedin.com/profile/add?${q}`;
}

/** A LinkedIn feed post of the public page. */
export const linkedInFeed = (t: ShareTarget) =>
  `https://www.linkedin.com/sharing/share-offsite/?${new URLSearchParams({ url: t.url })}`;

/** A post on X: the message and the public page. */
export const xPost = (t: ShareTarget) =>
  `https://twitter.com/intent/tweet?${new URLSearchParams({ text: t.message, url: t.url })}`;

/** A Facebook post of the public page (Facebook reads the message from the page's tags). */
export const facebookPost = (t: ShareTarget) =>
  `https://www.facebook.com/sharer/sharer.php?${new URLSearchParams({ u: t.url })}`;
