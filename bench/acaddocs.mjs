// Certificate figures (issue 18): one account holding 200 academic documents in a database of
// 100,000. Issuers and templates are made through the issuer API, and a few documents are issued
// through it to the account (their PDFs are printed by the queue before anything is measured); the
// rest are written through the dev SQL endpoint in multi-row INSERTs, a chunk of statements per
// batch. Some documents are public, one of the account's is the public certificate page's target.
import { issuerApi as api } from '../scripts/lib/issuer-api.mjs';
import { devBatch, devSql } from '../scripts/lib/dev-sql.mjs';
import { registerAndActivate } from '../scripts/lib/register.mjs';

const ADMIN = 'lanyard-dev-admin-token';
const TOTAL = 100_000;
const MINE = 200;
const OTHER_ACCOUNTS = 2_000;
/** Rows per INSERT (each well under D1's 100 KB statement) and INSERTs per dev SQL batch. */
const ROWS_PER_INSERT = 200;
const INSERTS_PER_BATCH = 20;

const q = (s) => (s === null ? 'NULL' : typeof s === 'number' ? String(s) : `'${String(s).replaceAll("'", "''")}'`);

const ISSUERS = [
  {
    name: 'Aoba Institute of Technology',
    kind: 'diploma',
    headings: { en: 'Diploma', ja: '学位記' },
    titles: ['Bachelor of Engineering', 'Master of Science', '学士（工学）', '修士（情報科学）'],
  },
  {
    name: 'Chiang Mai Open College',
    kind: 'transcript',
    headings: { en: 'Academic Transcript', th: 'ใบแสดงผลการศึกษา' },
    titles: ['Academic Transcript', 'ใบแสดงผลการศึกษา', 'Transcript of Records'],
  },
  {
    name: 'Zenith Academy',
    kind: 'completion',
    headings: { en: 'Certificate of Completion' },
    titles: ['Data Analysis Basics', 'Cloud Security', 'Project Management', 'Technical Writing', 'Python I'],
  },
];

const ROWS_JSON = JSON.stringify([
  { course: 'Linear Algebra', credits: 2, grade: 'A', term: '2024 Spring' },
  { course: 'Data Structures', credits: 2, grade: 'B+', term: '2024 Fall' },
  { course: 'Seminar', credits: 0.5, grade: 'P', term: '2025 Spring' },
]);

async function signIn(base, email, password) {
  const res = await fetch(`${base}/api/v1.0/account/Wallet/Login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  const cookie = (res.headers.getSetCookie?.() ?? [])
    .map((c) => c.split(';')[0])
    .filter((c) => c.startsWith('accessToken='))
    .join('; ');
  if (!cookie) throw new Error(`certificate bench login failed: ${res.status}`);
  return cookie;
}

/** Runs multi-row INSERTs of `rows` (arrays of SQL literals) into `head`, in chunks. */
async function insertRows(base, head, rows) {
  const statements = [];
  for (let i = 0; i < rows.length; i += ROWS_PER_INSERT)
    statements.push(
      `${head} VALUES ${rows
        .slice(i, i + ROWS_PER_INSERT)
        .map((r) => `(${r.join(', ')})`)
        .join(', ')}`,
    );
  for (let i = 0; i < statements.length; i += INSERTS_PER_BATCH)
    await devBatch(base, statements.slice(i, i + INSERTS_PER_BATCH));
}

const DOC_HEAD = `INSERT INTO acad_docs (id, issuer_id, template_id, kind, recipient_email, recipient_email_normalized,
  account_id, name, title, issuer_name, details_json, rows_json, language, is_blockchain, issued_on, recipient_salt,
  recipient_hash, is_public, pdf_state, created_at, updated_at)`;

/** The account, its session, the public document's id, and how long the fixture took to write. */
export async function acadDocsFixture(base) {
  const started = performance.now();
  const tag = Date.now().toString(36);
  const email = `acad-bench-${tag}@example.test`;
  const password = 'Bench#Acad2024';
  const accountId = await registerAndActivate(base, { email, password, firstName: 'Hanako', lastName: 'Yamada' });

  // Issuers and templates through the issuer API, as an issuer makes them.
  const issuers = [];
  for (const spec of ISSUERS) {
    const { issuer_id: id, api_key: key } = await api(base, '/issuers', ADMIN, {
      name: spec.name,
      url: 'https://bench.example',
      email: 'certificates@bench.example',
    });
    const { cert_template_id: templateId } = await api(base, '/cert-templates', key, {
      name: `${spec.kind} ${tag}`,
      kind: spec.kind,
      languages: Object.keys(spec.headings),
      headings: spec.headings,
      signer_name: 'Taro Suzuki',
      signer_title: 'President',
    });
    issuers.push({ ...spec, id, key, templateId });
  }

  // One document of each kind issued to the account through the API: matched to it on the way in.
  const issued = [];
  for (const i of issuers)
    issued.push(
      (
        await api(base, '/acad-docs', i.key, {
          template_id: i.templateId,
          recipient: email,
          name: 'Hanako Yamada',
          title: i.titles[0],
          details: { Major: 'Information Engineering', GPA: '3.7' },
          ...(i.kind === 'transcript' ? { rows: JSON.parse(ROWS_JSON) } : {}),
        })
      ).acad_doc_id,
    );

  // The local database outlives a run: top it up to 100,000 documents rather than add 100,000 each time.
  const [{ n: existing }] = await devSql(base, 'SELECT COUNT(*) AS n FROM acad_docs');
  const others = Math.max(0, TOTAL - existing - (MINE - issued.length));

  // Other holders: active accounts (their public documents count for the public pages' checks).
  const now = Date.now();
  if (others > 0)
    await insertRows(
      base,
      'INSERT INTO accounts (id, status, first_name, last_name, service_country, language, created_at, updated_at)',
      Array.from({ length: OTHER_ACCOUNTS }, (_, n) => [
        q(`acb-${tag}-acct-${n}`),
        "'active'",
        "'Bench'",
        q(`Holder ${n}`),
        1,
        "'en'",
        now,
        now,
      ]),
    );

  // The rest: 197 more for the account, then the others over 2,000 other accounts and, one in five,
  // addresses no account has verified yet. Every 50th is public. PDFs count as printed: nothing
  // here downloads them, and the list only shows their state.
  const rows = [];
  for (let n = 0; n < MINE - issued.length + others; n += 1) {
    const mine = n < MINE - issued.length;
    const i = issuers[n % issuers.length];
    const holder = mine ? null : n % 5 === 0 ? null : `acb-${tag}-acct-${n % OTHER_ACCOUNTS}`;
    const address = mine ? email : `holder-${n % 30_000}@bench.example`;
    const language = Object.keys(i.headings)[n % Object.keys(i.headings).length];
    const at = now - n * 60_000;
    rows.push([
      q(`acb-${tag}-${n}`),
      q(i.id),
      q(i.templateId),
      q(i.kind),
      q(address),
      q(address),
      mine ? q(accountId) : q(holder),
      q(mine ? 'Hanako Yamada' : `Holder ${n % 30_000}`),
      q(`${i.titles[n % i.titles.length]} ${2000 + (n % 26)}`),
      q(i.name),
      q(JSON.stringify({ Major: 'Information Engineering', GPA: (2 + (n % 20) / 10).toFixed(1) })),
      i.kind === 'transcript' ? q(ROWS_JSON) : 'NULL',
      q(language),
      0,
      at - (n % 7) * 86_400_000,
      "'salt'",
      "'hash'",
      n % 50 === 0 ? 1 : 0,
      "'ready'",
      at,
      at,
    ]);
  }
  await insertRows(base, DOC_HEAD, rows);

  // The public page's document is one issued through the API, published the way its owner does.
  const cookie = await signIn(base, email, password);
  const publicId = issued[0];
  const headers = { 'content-type': 'application/json', cookie, 'sec-fetch-site': 'same-origin' };
  const publish = await fetch(`${base}/api/v1.0/openbadge/v2/AdAssertion/SetAcadDocStatus`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ assertion_id: publicId, is_public: true }),
  });
  if ((await publish.json()).status !== 200) throw new Error(`publishing ${publicId} failed: ${publish.status}`);

  // The queue prints the issued documents' PDFs: wait, so no render runs while measuring.
  const deadline = Date.now() + 120_000;
  const ids = issued.map(q).join(', ');
  while (
    (await devSql(base, `SELECT COUNT(*) AS n FROM acad_docs WHERE id IN (${ids}) AND pdf_state = 'pending'`))[0].n
  )
    if (Date.now() > deadline) throw new Error('the certificate PDFs were not printed within 120 s');
    else await new Promise((r) => setTimeout(r, 250));

  // Check the fixture before timing it: the account's 200, the database's 100,000, a public page.
  const [{ n: total }] = await devSql(base, 'SELECT COUNT(*) AS n FROM acad_docs');
  const list = await (
    await fetch(`${base}/api/v1.0/openbadge/v2/AdAssertion/FindListForAcadDoc`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ paging: { page: 1, per_page: 20 }, sort: 'issuer_name' }),
    })
  ).json();
  if (list.total_count !== MINE || list.certificates?.length !== 20)
    throw new Error(`certificate list fixture: ${JSON.stringify(list).slice(0, 200)}`);
  const page = await fetch(`${base}/ns/portal/openbadge/public/acaddocs/detail/${publicId}`);
  if (page.status !== 200) throw new Error(`public certificate page: ${page.status}`);
  return { cookie, publicId, total, mine: list.total_count, seconds: (performance.now() - started) / 1000 };
}
