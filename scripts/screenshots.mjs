// `npm run screenshots`: pictures of the pages an issue fixed, in Japanese and Thai, at 1280 px and
// at a 390 px phone, for the note (issue 35, "Done means"). Starts the built Worker with its
// demo data (`npm run build` first), signs the demo recipient in through the login form, and writes
// JPEGs and an index to docs/screenshots/<set>/. The set and its pages are listed below.
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { chromium } from '@playwright/test';
import { devSql } from './lib/dev-sql.mjs';
import { E2E_BASE, startE2eServer } from './lib/e2e-server.mjs';
import { woffToSfnt } from './lib/woff.mjs';

const SET = 'issue-35';
const OUT = `docs/screenshots/${SET}`;
const LANGUAGES = ['ja', 'th'];
const WIDTHS = [
  { name: '1280', viewport: { width: 1280, height: 900 } },
  { name: '390', viewport: { width: 390, height: 844 } },
];
const WALLET = '/ns/portal/openbadge';

/** The pages, each with the item of the issue it shows. `signedIn` pages are taken after sign-in. */
function pages(demo) {
  const badge = demo.assertions['demo-as-accepted-public'];
  return [
    {
      name: 'badge-detail',
      item: '1, 7: downloads as forms; Delete last',
      path: `/assertions/detail/${badge}`,
      signedIn: true,
    },
    { name: 'certificates', item: '3: certificates read as certificates', path: '/acaddocs', signedIn: true },
    {
      name: 'certificate-detail',
      item: '3: a certificate and its transcript',
      path: `/acaddocs/detail/${demo.acad_docs[0]}`,
      signedIn: true,
    },
    {
      name: 'security-127',
      item: '4: at 127.0.0.1, why passkeys need localhost',
      path: '/setting/security',
      signedIn: true,
    },
    { name: 'email-link-bad', item: '5: a bad link says so at once', path: '/email/verification/not-a-real-token' },
    { name: 'activation-bad', item: '5: a bad activation link', path: '/activation/not-a-real-token' },
    { name: 'register', item: '6: name order; Thai words kept whole', path: '/createaccount' },
    {
      name: 'portal-error',
      item: '6, 7: Thai words kept whole; a landmark for everything',
      path: '/portal/error?code=E401121',
    },
    { name: 'profile', item: '6: name order in the profile', path: '/setting', signedIn: true },
    { name: 'badge-list', item: '7: links without a double slash', path: '/assertions', signedIn: true },
    { name: 'search', item: '7: one navigation in search', path: '/search?keyword=data' },
    { name: 'login', item: '7: footer links per language; a landmark', path: '/login' },
  ];
}

async function signIn(page, demo) {
  await page.goto(`${E2E_BASE}${WALLET}/login?language=en`);
  // The address first, then the password (the login form's two steps).
  await page.locator('astro-island[component-url*="LoginForm"]:not([ssr])').waitFor({ state: 'attached' });
  await page.locator('input[type=email]').fill(demo.recipient.email);
  await page.locator('form:has(input[type=email]) button[type=submit]').first().click();
  await page.locator('input[type=password]').fill(demo.recipient.password);
  await Promise.all([
    page.waitForURL(/assertions/),
    page.locator('form:has(input[type=password]) button[type=submit]').first().click(),
  ]);
}

async function shoot(page, file) {
  await page.waitForLoadState('networkidle');
  await page.screenshot({ path: join(OUT, file), fullPage: true, type: 'jpeg', quality: 60 });
}

/** The export's index.html in Thai (the account's language), unpacked and opened offline with its images. */
async function exportIndex(readerBrowser, page, demo, width, lines) {
  await devSql(E2E_BASE, `UPDATE accounts SET language = 'th' WHERE id = '${demo.recipient.account_id}'`);
  await page.goto(`${E2E_BASE}${WALLET}/setting/export?language=th`);
  // A new export, in the language just set (an older one may be ready, in another language).
  await Promise.all([
    page.waitForEvent('framenavigated'),
    page.locator('form[action$="/setting/export"]:not([enctype]) button[type=submit]').click(),
  ]);
  const ready = page.locator('[data-export-status="ready"]');
  await ready.waitFor({ timeout: 240_000 });
  const [download] = await Promise.all([page.waitForEvent('download'), ready.locator('a').first().click()]);
  const dir = mkdtempSync(join(tmpdir(), 'lanyard-export-'));
  const zip = join(dir, 'wallet.zip');
  writeFileSync(zip, readFileSync(await download.path()));
  execFileSync('unzip', ['-q', zip, '-d', dir]);
  const offline = await readerBrowser.newContext({ offline: true, viewport: width.viewport });
  const reader = await offline.newPage();
  await reader.goto(pathToFileURL(join(dir, 'index.html')).href);
  const file = `export-index-th-${width.name}.jpg`;
  await shoot(reader, file);
  lines.push(`| export index (item 2, opened offline) | th | ${width.name} | ![](${file}) |`);
  await offline.close();
}

/**
 * A browser for the offline index with the Thai, Bengali and Japanese fonts a reader's device has
 * (the index names system fonts and carries none; this machine's Chromium has none for those
 * scripts): the Noto files of the font packages, given to it through a fontconfig file of its own.
 */
function readerFonts() {
  const dir = mkdtempSync(join(tmpdir(), 'lanyard-reader-fonts-'));
  // As TrueType: Chromium reads neither WOFF nor WOFF2 as a system font.
  for (const family of ['noto-sans-thai', 'noto-sans-bengali', 'noto-sans-jp']) {
    const files = resolve('node_modules/@fontsource', family, 'files');
    for (const f of readdirSync(files))
      if (/-(400|700)-normal\.woff$/.test(f))
        writeFileSync(join(dir, f.replace(/\.woff$/, '.ttf')), woffToSfnt(readFileSync(join(files, f))));
  }
  const conf = join(dir, 'fonts.conf');
  writeFileSync(
    conf,
    `<?xml version="1.0"?><fontconfig><include ignore_missing="yes">/etc/fonts/fonts.conf</include><dir>${dir}</dir><cachedir>${dir}/cache</cachedir></fontconfig>`,
  );
  return { ...process.env, FONTCONFIG_FILE: conf };
}

const server = await startE2eServer();
const launch = { executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] };
const browser = await chromium.launch(launch);
const readerBrowser = await chromium.launch({ ...launch, env: readerFonts() });
try {
  mkdirSync(OUT, { recursive: true });
  const lines = ['| page (item) | language | width | picture |', '|---|---|---|---|'];
  for (const width of WIDTHS) {
    const context = await browser.newContext({ viewport: width.viewport, acceptDownloads: true });
    const page = await context.newPage();
    // Written by the server as it starts its demo data.
    const fresh = JSON.parse(readFileSync('.wrangler/demo.json', 'utf8'));
    for (const signedIn of [false, true]) {
      if (signedIn) await signIn(page, fresh);
      for (const p of pages(fresh).filter((x) => !!x.signedIn === signedIn))
        for (const lang of LANGUAGES) {
          const sep = p.path.includes('?') ? '&' : '?';
          await page.goto(`${E2E_BASE}${WALLET}${p.path}${sep}language=${lang}`);
          const file = `${p.name}-${lang}-${width.name}.jpg`;
          await shoot(page, file);
          lines.push(`| ${p.name} (${p.item}) | ${lang} | ${width.name} | ![](${file}) |`);
        }
    }
    await exportIndex(readerBrowser, page, fresh, width, lines);
    await context.close();
  }
  writeFileSync(
    join(OUT, 'README.md'),
    `# Screenshots: ${SET}\n\nMade by \`npm run screenshots\`.\n\n${lines.join('\n')}\n`,
  );
  console.log(`${lines.length - 2} pictures in ${OUT}`);
} finally {
  await browser.close();
  await readerBrowser.close();
  await server.stop();
}
