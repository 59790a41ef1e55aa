import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { eagerLibraries, startupFiles } from '../../scripts/lib/startup-graph.mjs';

/*
 * Issue 37: the deploy check fails when a library meant to load on first use is back in the main
 * Worker's start-up. Here a build laid out as rolldown writes one (minified, chunks importing chunks,
 * a dynamic import beside static ones) is walked.
 */

const dir = mkdtempSync(join(tmpdir(), 'lanyard-graph-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const write = (name: string, code: string) => writeFileSync(join(dir, name), code);

write(
  'entry.mjs',
  'import{a as e}from"./a.mjs";import"./side.mjs";export{x}from"./re.mjs";const p=()=>import("./lazy.mjs");',
);
write('a.mjs', 'export const a=1;');
write('side.mjs', 'globalThis.s=1;');
write('re.mjs', 'import{b}from"./b.mjs";export const x=b;');
write('b.mjs', 'export const b=class UnicodeTrie{};');
write('lazy.mjs', 'export class PDFDocument{}');

describe('the start-up graph of a build', () => {
  it('follows static imports and re-exports, not import()', () => {
    const names = [...startupFiles(join(dir, 'entry.mjs'))].map((f) => f.slice(dir.length + 1)).sort();
    expect(names).toEqual(['a.mjs', 'b.mjs', 'entry.mjs', 're.mjs', 'side.mjs']);
  });

  it('names a first-use library found in it, and not one behind import()', () => {
    const marks = { pdf: 'PDFDocument', fontkit: 'UnicodeTrie' };
    expect(eagerLibraries(join(dir, 'entry.mjs'), marks)).toEqual([['fontkit', join(dir, 'b.mjs')]]);
  });
});
