import type { AcadDocRow } from '../../db/rows';
import type { TranscriptRow } from '../../issuing/templates';

type Obj = Record<string, unknown>;

const VC2 = 'https://www.w3.org/ns/credentials/v2';
const CLR201 = 'https://purl.imsglobal.org/spec/clr/v2p0/context-2.0.1.json';
const OB303 = 'https://purl.imsglobal.org/spec/ob/v3p0/context-3.0.3.json';

const iso = (ms: number) => new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z');

/** What a document's record is made of: the row, its rows, its issuer as a Profile, its status slot. */
export interface ClrSource {
  doc: Pick<AcadDocRow, 'id' | 'kind' | 'title' | 'name' | 'issuedOn' | 'recipientHash' | 'recipientSalt'>;
  rows: readonly TranscriptRow[];
  issuer: Obj;
  status: { list: string; index: number } | null;
}

/**
 * A stable urn:uuid for one of a document's parts (the record, or its n-th course): the same
 * document always names them alike, so a re-signed record keeps its ids; nothing of the document
 * can be read back from them.
 */
async function stableId(docId: string, part: string): Promise<string> {
  const b = new Uint8Array(
    await crypto.subtle.digest('SHA-256', new TextEncoder().encode(`lanyard-clr:${docId}:${part}`)),
  );
  b[6] = ((b[6] as number) & 0x0f) | 0x80; // version 8 (name-based, custom hash: RFC 9562 §5.8)
  b[8] = ((b[8] as number) & 0x3f) | 0x80;
  const h = Array.from(b.subarray(0, 16), (x) => x.toString(16).padStart(2, '0')).join('');
  return `urn:uuid:${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20, 32)}`;
}

/** A grade's kind for its ResultDescription: a letter grade A-F (with + or -), or a result as written. */
const resultType = (grade: string) => (/^(?:[A-D][+-]?|F)$/i.test(grade.trim()) ? 'LetterGrade' : 'Result');

/** What each kind of document awards as a whole (OB 3.0 AchievementType). */
const AWARD_TYPE = {
  transcript: 'LearningProgram',
  diploma: 'Diploma',
  completion: 'CertificateOfCompletion',
} as const;

const identifier = (doc: ClrSource['doc']) => [
  {
    type: 'IdentityObject',
    identityType: 'emailAddress',
    hashed: true,
    identityHash: doc.recipientHash,
    salt: doc.recipientSalt,
  },
];

/**
 * A document's CLR 2.0 record, unsigned, and its nested credentials, unsigned (issue 38): one
 * OpenBadgeCredential per transcript row (the course as an Achievement with its credits and a
 * ResultDescription; credits earned, the term and the grade on the subject), or for a diploma or
 * completion certificate one awarding the document itself; the record lists the document's own
 * achievement, says each course is part of it, and shares its status slot with its courses (one
 * revocation revokes the record and every course in it). The recipient is the document's salted
 * SHA-256 identity, never the address. The caller signs the courses, then the record with them in.
 */
export async function clrDocuments(s: ClrSource): Promise<{ record: Obj; courses: Obj[] }> {
  const { doc } = s;
  const id = await stableId(doc.id, 'record');
  const award = `${id}#award`;
  const status = s.status
    ? {
        credentialStatus: {
          id: `${s.status.list}#${s.status.index}`,
          type: 'BitstringStatusListEntry',
          statusPurpose: 'revocation',
          statusListIndex: String(s.status.index),
          statusListCredential: s.status.list,
        },
      }
    : {};
  const common = { issuer: s.issuer, validFrom: iso(doc.issuedOn), ...status };
  const credential = async (part: string, name: string, subject: Obj) => ({
    '@context': [VC2, OB303],
    id: await stableId(doc.id, part),
    type: ['VerifiableCredential', 'OpenBadgeCredential'],
    name,
    ...common,
    credentialSubject: { type: ['AchievementSubject'], identifier: identifier(doc), ...subject },
  });
  const achievement: Obj = {
    id: award,
    type: ['Achievement'],
    achievementType: AWARD_TYPE[doc.kind],
    name: doc.title,
    description: `${doc.title}: ${doc.name}`,
    criteria: { narrative: doc.title },
  };
  const courses: Obj[] = [];
  for (const [n, row] of s.rows.entries()) {
    const course = `${id}#course-${n + 1}`;
    courses.push(
      await credential(`course-${n + 1}`, row.course, {
        achievement: {
          id: course,
          type: ['Achievement'],
          achievementType: 'Course',
          name: row.course,
          description: row.term ? `${row.course} (${row.term})` : row.course,
          criteria: { narrative: row.course },
          creditsAvailable: row.credits,
          resultDescription: [
            { id: `${course}-grade`, type: ['ResultDescription'], name: 'Grade', resultType: resultType(row.grade) },
          ],
        },
        creditsEarned: row.credits,
        ...(row.term ? { term: row.term } : {}),
        ...(row.grade
          ? { result: [{ type: ['Result'], resultDescription: `${course}-grade`, value: row.grade }] }
          : {}),
      }),
    );
  }
  // A diploma or a certificate of completion is one credential: the award itself.
  if (courses.length === 0) courses.push(await credential('award', doc.title, { achievement }));
  const record = {
    '@context': [VC2, CLR201, OB303],
    id,
    type: ['VerifiableCredential', 'ClrCredential'],
    name: doc.title,
    description: `${doc.title}: ${doc.name}`,
    ...common,
    credentialSubject: {
      type: ['ClrSubject'],
      identifier: identifier(doc),
      achievement: [achievement],
      association: s.rows.map((_, n) => ({
        type: 'Association',
        associationType: 'isParentOf',
        sourceId: award,
        targetId: `${id}#course-${n + 1}`,
      })),
    },
  };
  return { record, courses };
}
