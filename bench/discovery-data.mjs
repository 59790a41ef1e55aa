// Issue 9's benchmark data: 5,000 issuers, 50,000 badge classes with 3 skills each from 2,000, and
// 1,000,000 public assertions (20 per class), in a local D1 of its own (.wrangler/bench-discovery),
// generated inside SQLite by recursive CTEs. The search index is filled by the real triggers of
// migration 0004 as the rows arrive, exactly as in production. Names and skills mix Japanese,
// Chinese, Korean, Thai and English words; the words are listed here so the search terms of
// bench/discovery.mjs have known frequencies (each word appears in about 1 class name in 20).
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';

export const PERSIST = '.wrangler/bench-discovery';
export const WORDS = [
  'ロボット',
  '機械学習',
  'データ分析',
  'プログラミング',
  '数学',
  '物理',
  '化学',
  '英語',
  '歴史',
  '音楽',
  '美術',
  '看護',
  '会計',
  '経営',
  '建築',
  '電気',
  '情報',
  '統計',
  '設計',
  '安全',
  '数据科学',
  '人工智能',
  '编程',
  '网络',
  '金融',
  '로봇',
  '데이터',
  '프로그래밍',
  'การเขียนโปรแกรม',
  'ความปลอดภัย',
  'Python',
  'Cloud',
  'Design',
  'Security',
  'Robotics',
  'Leadership',
  'Writing',
  'Research',
  'Marketing',
  'Ethics',
];
const N = { issuers: 5_000, classes: 50_000, tags: 2_000, perClass: 20 };
const T0 = 1_700_000_000_000;

const wrangler = (args) =>
  execFileSync('npx', ['wrangler', 'd1', ...args, '--local', '--persist-to', PERSIST], {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit'],
    env: { ...process.env, WRANGLER_SEND_METRICS: 'false' },
  });
const sqlFile = (name, sql) => {
  const file = `${PERSIST}/${name}.sql`;
  writeFileSync(file, sql);
  wrangler(['execute', 'DB', '--file', file]);
};
const count = (table) =>
  Number(
    JSON.parse(wrangler(['execute', 'DB', '--json', '--command', `SELECT COUNT(*) AS n FROM ${table}`]))[0].results[0]
      .n,
  );

/** Builds the data once; later runs reuse it (the directory is the cache). Returns the row counts. */
export function discoveryData() {
  mkdirSync(PERSIST, { recursive: true });
  wrangler(['migrations', 'apply', 'DB']);
  if (existsSync(`${PERSIST}/done`)) return counts();
  const words = WORDS.map((w, i) => `(${i}, '${w}')`).join(', ');
  const range = (n) => `WITH RECURSIVE k(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM k WHERE i < ${n})`;
  const word = (expr) => `(SELECT w FROM bench_words WHERE n = (${expr}) % ${WORDS.length})`;
  sqlFile(
    'catalogue',
    `CREATE TABLE IF NOT EXISTS bench_words (n INTEGER PRIMARY KEY, w TEXT NOT NULL);
     INSERT OR IGNORE INTO bench_words VALUES ${words};
     ${range(N.issuers)} INSERT INTO issuers (id, name, url, email, description, is_certified, service_country, created_at, updated_at)
       SELECT 'bi' || i,
         CASE i % 4 WHEN 0 THEN '第' || i || '工科大学' WHEN 1 THEN 'Institute of Technology ' || i
           WHEN 2 THEN i || '号职业学院' ELSE '한국' || i || '대학교' END,
         'https://issuer' || i || '.example', 'badges@issuer' || i || '.example',
         'Issuer ' || i || ' teaches ' || ${word('i')} || ' and ' || ${word('i * 3')} || '.', i % 10 = 0, 1 + i % 7,
         ${T0} + i, ${T0} + i FROM k;
     ${range(N.tags)} INSERT INTO tags (id, name, name_normalized, created_at)
       SELECT 'bt' || i, ${word('i')} || ' ' || (i / ${WORDS.length} + 1), lower(${word('i')} || ' ' || (i / ${WORDS.length} + 1)), ${T0} FROM k;
     ${range(N.classes)} INSERT INTO badge_classes (id, issuer_id, name, description, criteria_narrative, created_at, updated_at)
       SELECT 'bc' || i, 'bi' || ((i - 1) / 10 + 1),
         ${word('i')} || ${word('i * 7 + 3')} || ' ' || (i % 5 + 1),
         'この講座では' || ${word('i * 11 + 5')} || 'と' || ${word('i * 13 + 1')} || 'を学びます。Level ' || (i % 5 + 1) || ' of course ' || i || '.',
         'Complete the final project.', ${T0} + i * 1000, ${T0} + i * 1000 FROM k;
     ${range(N.classes)} INSERT OR IGNORE INTO badge_class_tags (badge_class_id, tag_id)
       SELECT 'bc' || i, 'bt' || (1 + i % ${N.tags}) FROM k
       UNION ALL SELECT 'bc' || i, 'bt' || (1 + (i * 3 + 7) % ${N.tags}) FROM k
       UNION ALL SELECT 'bc' || i, 'bt' || (1 + (i * 11 + 13) % ${N.tags}) FROM k;
     DROP TABLE bench_words;`,
  );
  const chunk = 100_000;
  const total = N.classes * N.perClass;
  for (let from = 0; from < total; from += chunk) {
    sqlFile(
      `assertions-${from}`,
      `WITH RECURSIVE k(i) AS (SELECT ${from + 1} UNION ALL SELECT i + 1 FROM k WHERE i < ${from + chunk})
       INSERT INTO assertions (id, badge_class_id, issuer_id, recipient_email, recipient_email_normalized, recipient_salt,
         recipient_hash, accept_status, is_public, issued_on, accepted_at, created_at, updated_at)
       SELECT 'ba' || i, 'bc' || ((i - 1) / ${N.perClass} + 1), 'bi' || ((i - 1) / ${N.perClass * 10} + 1),
         'holder' || i || '@bench.example', 'holder' || i || '@bench.example', 's', 'h', 2, 1,
         ${T0} + i, ${T0} + i, ${T0} + i, ${T0} + i FROM k;`,
    );
  }
  writeFileSync(`${PERSIST}/done`, new Date().toISOString());
  return counts();
}

function counts() {
  return {
    issuers: count('issuers'),
    classes: count('badge_classes'),
    assertions: count('assertions WHERE accept_status = 2 AND is_public = 1'),
    searchable: count('badge_search'),
  };
}
