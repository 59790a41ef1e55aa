import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { builtWorkerConfigs } from '../../scripts/lib/wrangler-dev.mjs';

const dir = mkdtempSync(join(tmpdir(), 'lanyard-configs-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('the Workers wrangler dev runs (issue 37)', () => {
  it('every Worker of the build, the main one first, as absolute -c paths', () => {
    const redirect = join(dir, '.wrangler/deploy/config.json');
    mkdirSync(join(dir, '.wrangler/deploy'), { recursive: true });
    writeFileSync(
      redirect,
      JSON.stringify({
        configPath: '../../dist/server/wrangler.json',
        auxiliaryWorkers: [{ configPath: '../../dist/lanyard_renderer/wrangler.json' }],
      }),
    );
    expect(builtWorkerConfigs(redirect)).toEqual([
      '-c',
      join(dir, 'dist/server/wrangler.json'),
      '-c',
      join(dir, 'dist/lanyard_renderer/wrangler.json'),
    ]);
  });

  it('nothing before a build, so wrangler reads wrangler.toml as it always did', () => {
    expect(builtWorkerConfigs(join(dir, 'none/config.json'))).toEqual([]);
  });
});
