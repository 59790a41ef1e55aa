// The local portal (issue 20) for the tools: npm start, vitest's globalSetup and the bench start one
// with startPortal and hand its values to the Worker through portalVars (scripts/lib/local-vars.mjs).
export { startPortal, walletUris, PORTAL_CLIENT_ID } from '../portal/provider.mjs';
export { DEMO_PORTAL_USERS, DEMO_PORTAL_PASSWORD } from '../portal/users.mjs';
