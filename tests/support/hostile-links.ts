/**
 * An issuer whose documents put one kind of non-http(s) address in every link field an imported
 * badge carries where the OB 2.0 data model allows any IRI (XSS-02): criteria id, evidence ids,
 * the issuer's image. Served at /ob/links/<form>/…; the badge is otherwise valid and issued to
 * learner@example.test. Fields the data model types as http(s) URLs (the issuer's url, an
 * alignment's targetUrl) hold real URLs: a badge with anything else there fails verification (E173,
 * E987) and is never imported.
 */
export const HOSTILE_URLS = {
  javascript: 'javascript:alert(1)',
  mixedCase: 'JaVaScRiPt:alert(1)',
  tab: 'java\tscript:alert(1)',
  leadingSpace: ' javascript:alert(1)',
  data: 'data:text/html,<script>alert(1)</script>',
  vbscript: 'vbscript:msgbox(1)',
  file: 'file:///etc/passwd',
} as const;

export type HostileForm = keyof typeof HOSTILE_URLS;

/**
 * Forms that are not IRIs at all (white space, or `<`/`>` inside): a badge that carries one in an
 * IRI field fails the data-model checks (issue 17, verification item 2) and is refused on import.
 */
export const NOT_IRIS: readonly HostileForm[] = ['tab', 'leadingSpace', 'data'];
type Send = (status: number, body: string | Buffer, headers?: Record<string, string>) => void;

const OB = 'https://w3id.org/openbadges/v2';
const json = { 'content-type': 'application/ld+json' };

/** Answers /ob/links/<form>/{issuer,badge,a}.json; false when the path is not one of them. */
export function hostileLinks(path: string, base: string, send: Send): boolean {
  const m = /^\/ob\/links\/(\w+)\/(issuer|badge|a)\.json$/.exec(path);
  const bad = m ? HOSTILE_URLS[m[1] as HostileForm] : undefined;
  if (!m || bad === undefined) return false;
  const at = `${base}/ob/links/${m[1]}`;
  const docs = {
    issuer: {
      '@context': OB,
      type: 'Issuer',
      id: `${at}/issuer.json`,
      name: 'Links Academy',
      url: base,
      email: 'links@links.example',
      image: bad,
    },
    badge: {
      '@context': OB,
      type: 'BadgeClass',
      id: `${at}/badge.json`,
      name: `Links ${m[1]}`,
      description: 'Every link is hostile.',
      image: `${base}/ob/badge.png`,
      criteria: { id: bad, narrative: 'Follow no links.' },
      alignment: [{ targetName: 'Safety', targetUrl: `${base}/safety` }],
      issuer: `${at}/issuer.json`,
    },
    a: {
      '@context': OB,
      type: 'Assertion',
      id: `${at}/a.json`,
      recipient: {
        type: 'email',
        hashed: true,
        salt: 'pepper',
        // sha256("learner@example.testpepper")
        identity: 'sha256$2f4b1db64c2471b211cb8cab32b1763fdf84f3572dbe4d90888274aa50afb29a',
      },
      badge: `${at}/badge.json`,
      issuedOn: '2025-01-01T00:00:00Z',
      verification: { type: 'HostedBadge' },
      evidence: [
        { id: bad, narrative: 'A log of the night.' },
        { id: 'https://evidence.example/log', name: 'The log' },
      ],
    },
  };
  send(200, JSON.stringify(docs[m[2] as keyof typeof docs]), json);
  return true;
}
