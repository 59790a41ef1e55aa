import { execFileSync } from 'node:child_process';

/**
 * An Open Badges 3.0 credential signed elsewhere, baked into a PNG, for `email` (issue 21): made by
 * ob3-sign.ts under tsx in a child process (see there why).
 */
export function bakedOb3Badge(email: string, name: string, hostile = false): { png: Buffer; json: string } {
  const out = execFileSync('npx', ['tsx', 'tests/e2e/ob3-sign.ts', email, name, ...(hostile ? ['hostile'] : [])], {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const r = JSON.parse(out) as { png: string; json: string };
  return { png: Buffer.from(r.png, 'base64'), json: r.json };
}

/** Text and links a hostile issuer might put in (XSS-01/02): rendered as text, never as markup or links. */
export const HOSTILE = {
  alignment: '<img src=x onerror="window.__xss=1">Rope',
  alignmentUrl: 'JaVaScRiPt:window.__xss=2',
  evidence: '<script>window.__xss=3</script>Log',
  evidenceUrl: 'javascript:window.__xss=4',
};
