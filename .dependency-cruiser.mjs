/**
 * The import rules `npm run check` enforces on src/ (architecture guide: imports run one way).
 * Type-only imports count: a type that points back up a layer is still a circle in the design.
 *
 * Layers inside src/server/<domain>/ are named by file: routers `routes.ts` / `*-routes.ts`, services
 * `service.ts` / `*-service.ts`, repos `repo.ts` / `*-repo.ts` (so `report.ts` is no repo).
 * depcruise does not parse .astro files; scripts/check-layers.mjs checks their imports of repos.
 */
const REPO = '^src/server/.+[/-]repo[.]ts$';
const SERVICE = '^src/server/.+[/-]service[.]ts$';
const ROUTES = '^src/server/.+[/-]routes[.]ts$';

export default {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'Modules must not import each other in a circle; move the shared piece down a layer.',
      from: {},
      to: { circular: true },
    },
    {
      name: 'repo-not-to-upper-layers',
      severity: 'error',
      comment:
        'A repo (repo.ts, *-repo.ts) is the bottom layer: SQL and R2 keys only. It must not import a ' +
        'service or a router; whatever it needs from them belongs in the repo or below it.',
      from: { path: REPO },
      to: { path: [ROUTES, SERVICE] },
    },
    {
      name: 'service-not-to-routes',
      severity: 'error',
      comment:
        'A service (service.ts, *-service.ts) holds the rules and sits under the routers: it must not ' +
        'import one. Move what both need into the service or a plain module beside it.',
      from: { path: SERVICE },
      to: { path: ROUTES },
    },
    {
      name: 'routes-not-to-repo',
      severity: 'error',
      comment:
        'Routers (routes.ts, *-routes.ts) reach the database through a service, never a repo directly, ' +
        'so every rule about a row lives in one place. Add a thin service function if there is no rule.',
      from: { path: ROUTES },
      to: { path: REPO },
    },
    {
      name: 'ui-not-to-repo',
      severity: 'error',
      comment:
        'Pages, components, layouts and islands read data through services (or the typed client), ' +
        'never a repo. depcruise does not parse .astro files: scripts/check-layers.mjs checks those.',
      from: { path: '^src/(?:pages|components|layouts|islands)/' },
      to: { path: REPO },
    },
    {
      name: 'islands-only-types-from-server',
      severity: 'error',
      comment:
        'Islands run in the browser: from src/server they may take types (import type), never code, ' +
        'which would ship server modules (and their secrets handling) in the bundle.',
      from: { path: '^src/islands/' },
      to: { path: '^src/server/', dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'server-not-to-ui',
      severity: 'error',
      comment:
        'Imports run one way: src/server never imports pages, components, layouts or islands. Shared ' +
        'pure code goes in src/lib.',
      from: { path: '^src/server/' },
      to: { path: '^src/(?:pages|components|layouts|islands)/' },
    },
    {
      name: 'renderer-stands-alone',
      severity: 'error',
      comment:
        'The renderer is its own Worker (issue 37): it imports nothing of the app, or the app would be ' +
        'bundled into it. Pure helpers it needs live in src/renderer.',
      from: { path: '^src/renderer/' },
      to: { path: '^src/(?!renderer/)' },
    },
    {
      name: 'server-only-types-from-renderer',
      severity: 'error',
      comment:
        'The main Worker reaches the renderer through its service binding, never by import: from ' +
        'src/renderer it takes types only, or satori and resvg would come back into its bundle.',
      from: { path: '^src/(?!renderer/)' },
      to: { path: '^src/renderer/', dependencyTypesNot: ['type-only'] },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: { extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'] },
  },
};
