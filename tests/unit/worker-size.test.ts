import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

/*
 * Issue 34, item 4: `npm run deploy:check` reads the Worker's size from the build instead of running
 * `wrangler deploy --dry-run` (a second pass over the same files). Here a build laid out as Astro's
 * adapter lays one out (no_bundle, its ESModule rule, chunks beside their source maps, WebAssembly
 * under _astro, a file only a default rule takes, one no rule takes, names whose sorted order is not
 * their creation order) is measured by the deploy check and by wrangler's own dry run.
 */

const WRANGLER = resolve('node_modules/.bin/wrangler');
const DEPLOY_CHECK = resolve('scripts/deploy-check.mjs');
const dirs: string[] = [];
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

/** Text that compresses the way code does: words of one vocabulary, from a seeded generator. */
function filler(seed: number, words: number): string {
  const vocabulary = ['const', 'return', 'function', 'export', 'import', 'await', 'badge', 'issuer', '=>', '{}', ';'];
  let x = seed;
  const out: string[] = [];
  for (let i = 0; i < words; i++) {
    x = (x * 1103515245 + 12345) % 2 ** 31;
    out.push(`${vocabulary[x % vocabulary.length]}${x % 7 === 0 ? `_${x % 1000}` : ''}`);
  }
  return out.join(' ');
}

/** Writes a build under a new folder, with the redirect file Astro leaves for wrangler; answers the folder. */
function build(files: Record<string, string | Buffer>): string {
  const dir = mkdtempSync(join(tmpdir(), 'lanyard-size-'));
  dirs.push(dir);
  const config = {
    name: 'size-probe',
    main: 'entry.mjs',
    compatibility_date: '2026-10-01',
    no_bundle: true,
    rules: [{ type: 'ESModule', globs: ['**/*.js', '**/*.mjs'] }],
  };
  const all = {
    '.wrangler/deploy/config.json': JSON.stringify({ configPath: '../../dist/server/wrangler.json' }),
    'dist/server/wrangler.json': JSON.stringify(config),
    'dist/server/entry.mjs': `export default { fetch: () => new Response('ok') };\n// ${filler(1, 20_000)}\n`,
    ...files,
  };
  for (const [path, content] of Object.entries(all)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), content);
  }
  return dir;
}

const run = (dir: string, command: string, args: string[]) => {
  const env = {
    ...process.env,
    WRANGLER_SEND_METRICS: 'false',
    FORCE_COLOR: '0',
    CLOUDFLARE_CF_FETCH_ENABLED: 'false',
  };
  const result = spawnSync(command, args, { cwd: dir, encoding: 'utf8', env });
  return { status: result.status, output: `${result.stdout}\n${result.stderr}` };
};

describe('the deploy check reads the size wrangler would upload from the build', () => {
  it('the same KiB and gzip KiB as `wrangler deploy --dry-run` prints', () => {
    const dir = build({
      'dist/server/chunks/zeta_Qx1.mjs': `export const z = 1;\n// ${filler(2, 15_000)}\n`,
      'dist/server/chunks/zeta_Qx1.mjs.map': filler(3, 30_000),
      'dist/server/chunks/Alpha_B2.mjs': `export const a = 2;\n// ${filler(4, 25_000)}\n`,
      'dist/server/chunks/_runtime.js': `export const r = 3;\n// ${filler(5, 5_000)}\n`,
      'dist/server/_astro/probe.Ab3.wasm': Buffer.concat([
        Buffer.from('\0asm\x01\0\0\0', 'latin1'),
        randomBytes(40_000),
      ]),
      'dist/server/notes.txt': filler(6, 3_000),
      'dist/server/manifest.json': filler(7, 3_000),
      'dist/server/virtual_middleware.mjs': `export const onRequest = undefined;\n// ${filler(8, 2_000)}\n`,
    });

    const check = run(dir, process.execPath, [DEPLOY_CHECK]);
    expect(check.output).toMatch(
      /deploy check: Worker size-probe [\d.]+ KiB, [\d.]+ KiB gzip \(budget 3072 KiB gzip, \d+% used\)/,
    );
    expect(check.status).toBe(0);
    // It ran no dry run of its own (one used to write its bundle to .wrangler/dry-run).
    expect(readdirSync(join(dir, '.wrangler'))).toEqual(['deploy']);
    const ours = /deploy check: Worker size-probe ([\d.]+) KiB, ([\d.]+) KiB gzip/.exec(check.output);

    const dryRun = run(dir, WRANGLER, ['deploy', '--dry-run', '--outdir', join(dir, 'dry-run')]);
    expect(dryRun.status, dryRun.output).toBe(0);
    const theirs = /Total Upload: ([\d.]+) KiB \/ gzip: ([\d.]+) KiB/.exec(dryRun.output);
    expect(theirs, dryRun.output).not.toBeNull();
    expect([ours?.[1], ours?.[2]]).toEqual([theirs?.[1], theirs?.[2]]);
  }, 60_000);

  it('a build over the 3 MiB gzip budget fails the check with its message', () => {
    // Random bytes do not compress: 3.1 MiB of them stay above 3,072 KiB gzip.
    const dir = build({ 'dist/server/chunks/huge.mjs': randomBytes(3.1 * 1024 * 1024) });
    const check = run(dir, process.execPath, [DEPLOY_CHECK]);
    expect(check.status).toBe(1);
    expect(check.output).toMatch(/deploy check: the Worker size-probe is [\d.]+ KiB gzip, over the 3072 KiB budget/);
  });

  it('measures each Worker of the build against its own budget, and holds the renderer apart (issue 37)', () => {
    const renderer = { name: 'lanyard-renderer', main: 'entry.mjs', compatibility_date: '2026-10-01', no_bundle: true };
    const main = (extra: object) =>
      JSON.stringify({
        name: 'lanyard',
        main: 'entry.mjs',
        compatibility_date: '2026-10-01',
        no_bundle: true,
        ...extra,
      });
    const redirect = JSON.stringify({
      configPath: '../../dist/server/wrangler.json',
      auxiliaryWorkers: [{ configPath: '../../dist/lanyard_renderer/wrangler.json' }],
    });
    const wasm = Buffer.concat([Buffer.from('\0asm\x01\0\0\0', 'latin1'), randomBytes(1000)]);
    const binding = { services: [{ binding: 'RENDERER', service: 'lanyard-renderer', entrypoint: 'Renderer' }] };
    const files = {
      '.wrangler/deploy/config.json': redirect,
      'dist/lanyard_renderer/wrangler.json': JSON.stringify(renderer),
      'dist/lanyard_renderer/entry.mjs': `export default { fetch: () => new Response('') };\n// ${filler(9, 5_000)}\n`,
      'dist/lanyard_renderer/_astro/index_bg.Ab3.wasm': wasm,
    };
    const good = run(build({ ...files, 'dist/server/wrangler.json': main(binding) }), process.execPath, [DEPLOY_CHECK]);
    expect(good.output).toMatch(/Worker lanyard [\d.]+ KiB, [\d.]+ KiB gzip \(budget 1200 KiB gzip/);
    expect(good.output).toMatch(/Worker lanyard-renderer [\d.]+ KiB, [\d.]+ KiB gzip \(budget 1200 KiB gzip/);
    expect(good.status, good.output).toBe(0);

    const stray = { ...binding, services: [{ binding: 'RENDERER', service: 'elsewhere' }] };
    const unbuilt = run(build({ ...files, 'dist/server/wrangler.json': main(stray) }), process.execPath, [
      DEPLOY_CHECK,
    ]);
    expect([unbuilt.status, unbuilt.output]).toEqual([
      1,
      expect.stringContaining('names elsewhere, which the build has not'),
    ]);

    const eager = build({
      ...files,
      'dist/server/wrangler.json': main(binding),
      'dist/server/entry.mjs': 'import{P}from"./chunks/pdf.mjs";export default{fetch:()=>new Response(P)};',
      'dist/server/chunks/pdf.mjs': 'export const P=class PDFDocument{}.name;',
    });
    const loaded = run(eager, process.execPath, [DEPLOY_CHECK]);
    expect([loaded.status, loaded.output]).toEqual([
      1,
      expect.stringContaining("the PDF writer and reader (@pdfme/pdf-lib) is in the main Worker's start-up"),
    ]);

    const back = build({
      ...files,
      'dist/server/wrangler.json': main(binding),
      'dist/server/_astro/yoga.Zz9.wasm': wasm,
    });
    const drawn = run(back, process.execPath, [DEPLOY_CHECK]);
    expect([drawn.status, drawn.output]).toEqual([1, expect.stringContaining("carries the renderer's yoga.Zz9.wasm")]);
  });

  it('a build that asks wrangler to bundle it again is refused, not measured', () => {
    const dir = build({});
    const config = join(dir, 'dist/server/wrangler.json');
    writeFileSync(config, JSON.stringify({ name: 'size-probe', main: 'entry.mjs', compatibility_date: '2026-10-01' }));
    const check = run(dir, process.execPath, [DEPLOY_CHECK]);
    expect(check.status).toBe(1);
    expect(check.output).toContain('does not say no_bundle');
  });
});
