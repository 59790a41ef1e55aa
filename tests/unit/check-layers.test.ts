import { describe, expect, it } from 'vitest';
import { holdsSql, makesMiddleware, repoImports, routerImports } from '../../scripts/check-layers.mjs';

/** The .astro half of the layering rules (depcruise cannot parse .astro files). */
describe('repoImports', () => {
  const root = '/project';
  const page = 'src/pages/assertions/index.astro';

  it('finds a repo imported by a page, in every import form', () => {
    const text = `---
import { walletBadgeRepo } from '../../server/wallet/badge-repo';
import type {
  ListRow,
} from '../../server/wallet/list-repo';
const m = await import('../../server/auth/repo');
---`;
    expect(repoImports(page, text, root).sort()).toEqual([
      'src/server/auth/repo',
      'src/server/wallet/badge-repo',
      'src/server/wallet/list-repo',
    ]);
  });

  it('lets services, lookalike names and packages through', () => {
    const text = `---
import { walletListPage } from '../../server/wallet/pages-service';
import type { VerificationReport } from '../../server/verify/report';
import { env } from 'cloudflare:workers';
import Repo from '../../components/repo-card.astro';
---`;
    expect(repoImports(page, text, root)).toEqual([]);
  });
});

/** Issue 36: the rules depcruise cannot see, beside the .astro one above. */
describe('routerImports, holdsSql', () => {
  const root = '/project';

  it('finds a router imported by a page or a component', () => {
    const text = `---
import { SHARE_IMAGE_PATH } from '../../../../server/share/routes';
import { CARD } from '../../../../server/certificates/card-routes';
import { SHARE_IMAGE_FOLDER } from '../../../../server/share/paths';
---`;
    expect(routerImports('src/pages/public/assertions/detail/[id].astro', text, root).sort()).toEqual([
      'src/server/certificates/card-routes',
      'src/server/share/routes',
    ]);
  });

  it('sees SQL outside a repo, in every statement form, and allows it in repos and src/server/db/', () => {
    const statements = [
      "d1.prepare('SELECT 1')",
      '`SELECT id FROM sessions WHERE x = ?`',
      "'INSERT INTO sessions (a) VALUES (?)'",
      "'INSERT OR IGNORE INTO tags (a) VALUES (?)'",
      "'UPDATE accounts SET status = ?'",
      "'DELETE FROM sessions WHERE 1'",
      "sql: 'EXISTS (SELECT 1 FROM cert_templates WHERE id = ?)'",
    ];
    for (const text of statements) {
      expect([text, holdsSql('src/server/accounts/session-start.ts', text)]).toEqual([text, true]);
      expect(holdsSql('src/server/accounts/account-repo.ts', text)).toBe(false);
      expect(holdsSql('src/server/wallet/repo.ts', text)).toBe(false);
      expect(holdsSql('src/server/db/visibility.ts', text)).toBe(false);
    }
  });

  it('lets words that only look like SQL through', () => {
    const text = `// Select a badge from the list, then update its settings.
const label = t('wallet.select_from'); const updated = { ...row, updatedAt };`;
    expect(holdsSql('src/server/wallet/service.ts', text)).toBe(false);
    // A repo's name alone is no licence: "reposition.ts" is not a repo.
    expect(holdsSql('src/server/wallet/reposition.ts', "'DELETE FROM x'")).toBe(true);
  });
});

describe('makesMiddleware', () => {
  const guard = `export function requireThing(): MiddlewareHandler<AppEnv> {\n  return async (c, next) => next();\n}`;
  const arrow = `const requireDevToken = (): MiddlewareHandler<AppEnv> => async (c, next) => next();`;

  it('finds a middleware made outside src/server/middleware/, as a function or an arrow', () => {
    expect(makesMiddleware('src/server/issuing/auth.ts', guard)).toBe(true);
    expect(makesMiddleware('src/server/system/dev-routes.ts', arrow)).toBe(true);
    expect(makesMiddleware('src/server/edge-cache/x.ts', 'export const m = createMiddleware(async () => {});')).toBe(
      true,
    );
  });

  it('allows it in middleware/, and a type named elsewhere (the composition root)', () => {
    expect(makesMiddleware('src/server/middleware/require-user.ts', guard)).toBe(false);
    expect(makesMiddleware('src/server/app.ts', 'interface Frontend { assets: MiddlewareHandler<AppEnv>; }')).toBe(
      false,
    );
  });
});
