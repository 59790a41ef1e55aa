import { exports } from 'cloudflare:workers';
import { didKey, type Obj } from './ob3-import-helpers';
import { BASE, SAME_ORIGIN } from './helpers';

/**
 * Issue 38: CLR 2.0 records signed here, with fresh Ed25519 did:key issuers (nothing to fetch for a
 * key), holding OB 3.0 course credentials of one or more schools. Each course carries what a
 * transcript row holds: credits earned, a grade as a Result, a term.
 */
export type Issuer = Awaited<ReturnType<typeof didKey>> & { name: string };

export const CLR_CONTEXTS = [
  'https://www.w3.org/ns/credentials/v2',
  'https://purl.imsglobal.org/spec/clr/v2p0/context-2.0.1.json',
  'https://purl.imsglobal.org/spec/ob/v3p0/context-3.0.3.json',
];

export async function school(name: string): Promise<Issuer> {
  return { ...(await didKey()), name };
}

const profile = (i: Issuer) => ({ id: i.did, type: ['Profile'], name: i.name });
const email = (address: string) => [
  { type: 'IdentityObject', identityHash: address, identityType: 'emailAddress', hashed: false },
];

/** One course of a transcript as an OpenBadgeCredential of its school, unsigned. */
export function course(i: Issuer, to: string, n: number, grade = 'A', credits = 3, term = 'Fall 2025'): Obj {
  const achievement = `https://school.example/courses/${n}`;
  return {
    '@context': ['https://www.w3.org/ns/credentials/v2', 'https://purl.imsglobal.org/spec/ob/v3p0/context-3.0.3.json'],
    id: `urn:uuid:${crypto.randomUUID()}`,
    type: ['VerifiableCredential', 'OpenBadgeCredential'],
    issuer: profile(i),
    validFrom: '2026-01-15T00:00:00Z',
    name: `Course ${n}`,
    credentialSubject: {
      type: ['AchievementSubject'],
      identifier: email(to),
      achievement: {
        id: achievement,
        type: ['Achievement'],
        achievementType: 'Course',
        name: `Course ${n}`,
        description: `Course number ${n}.`,
        criteria: { narrative: 'Passed the course.' },
        creditsAvailable: credits,
        resultDescription: [
          { id: `${achievement}#grade`, type: ['ResultDescription'], name: 'Grade', resultType: 'LetterGrade' },
        ],
      },
      creditsEarned: credits,
      term,
      result: [{ type: ['Result'], resultDescription: `${achievement}#grade`, value: grade }],
    },
  };
}

/** A ClrCredential of `i` to `to` holding `nested` (signed credentials, or anything, for bad input). */
export function record(i: Issuer, to: string, nested: unknown[], over: Obj = {}): Obj {
  return {
    '@context': CLR_CONTEXTS,
    id: `urn:uuid:${crypto.randomUUID()}`,
    type: ['VerifiableCredential', 'ClrCredential'],
    issuer: profile(i),
    validFrom: '2026-02-01T00:00:00Z',
    name: 'Transcript of records',
    credentialSubject: {
      type: ['ClrSubject'],
      identifier: email(to),
      verifiableCredential: nested,
      achievement: [
        {
          id: 'https://school.example/programs/marine',
          type: ['Achievement'],
          achievementType: 'LearningProgram',
          name: 'Marine engineering',
          description: 'Three years of marine engineering.',
          criteria: { narrative: 'All courses passed.' },
        },
      ],
      association: nested.flatMap((n) => {
        const a = (n as Obj)?.['credentialSubject'] as Obj | undefined;
        const target = (a?.['achievement'] as Obj | undefined)?.['id'];
        return typeof target === 'string'
          ? [
              {
                type: 'Association',
                associationType: 'isParentOf',
                sourceId: 'https://school.example/programs/marine',
                targetId: target,
              },
            ]
          : [];
      }),
    },
    ...over,
  };
}

let ip = 0;

/** Public/Verification of a record given as JSON (or a VC-JWT), from a client address of its own. */
export async function verifyClr(body: Obj, emails: string[] = []) {
  const res = await exports.default.fetch(`${BASE}/api/v1.0/openbadge/v2/Wallet/Public/Verification`, {
    method: 'POST',
    headers: { ...SAME_ORIGIN, 'cf-connecting-ip': `198.51.100.${(ip++ % 200) + 20}` },
    body: JSON.stringify({ verification_mail: emails, ...body }),
  });
  return { http: res.status, r: (await res.json()) as Obj & VerifyAnswer };
}

export interface VerifyAnswer {
  verify_state: string;
  badge_pass: boolean;
  verify_errors_code: string[];
  verify_warnings_code: string[];
  items: Record<string, { status: string; text: string | null }>;
  badge_information: Record<string, unknown>;
  checks: { check: string; outcome: string; code: string | null }[];
  clr?: {
    nested: {
      index: number;
      id: string | null;
      name: string | null;
      issuer_name: string | null;
      state: string;
      errors: string[];
      warnings: string[];
    }[];
    achievements: number;
    associations: number;
  };
}

export const asJson = (c: Obj) => ({ input_type: 'json', json: JSON.stringify(c) });
