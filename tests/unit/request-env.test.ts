import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Issue 23, read replicas: request handling reads D1 through the request's session (Hono's c.env,
 * Astro.locals.env). The isolate-wide env of cloudflare:workers is the primary binding, so a page
 * or module that imported it would read around the session: a write the person just made could be
 * missing from the answer of a lagging replica.
 */
function sources(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && /\.(ts|tsx|astro)$/.test(e.name))
    .map((e) => join(e.parentPath, e.name));
}

describe('the request env', () => {
  it('no source file imports the isolate-wide env of cloudflare:workers', () => {
    // Other names of the module (the renderer's WorkerEntrypoint, issue 37) carry no binding.
    const clauses = (f: string) =>
      [...readFileSync(f, 'utf8').matchAll(/import\s+([^;]*?)\s+from\s+['"]cloudflare:workers['"]/g)].map(
        (m) => m[1] ?? '',
      );
    const offenders = sources('src').filter((f) =>
      clauses(f).some((c) => !/^(?:type\s+)?\{[^}]*\}$/.test(c) || /\benv\b/.test(c)),
    );
    expect(offenders).toEqual([]);
    expect(clauses('src/renderer/worker.ts')).toEqual(['{ WorkerEntrypoint }']);
  });
});
