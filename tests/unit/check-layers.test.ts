import { describe, expect, it } from 'vitest';
import { repoImports } from '../../scripts/check-layers.mjs';

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
