import { execFileSync } from 'node:child_process';

/**
 * An Open Badges 3.0 credential signed elsewhere, baked into a PNG, for `email` (issue 21): made by
 * ob3-sign.ts under tsx in a child process (see there why).
 */
export function bakedOb3Badge(email: string, name: string): { png: Buffer; json: string } {
  const out = execFileSync('npx', ['tsx', 'tests/e2e/ob3-sign.ts', email, name], {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const r = JSON.parse(out) as { png: string; json: string };
  return { png: Buffer.from(r.png, 'base64'), json: r.json };
}
