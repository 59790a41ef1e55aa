import type { IssuedCredential } from './credentials';

/**
 * The signed OB 3.0 credential of an award made here. Issuing (helper B's
 * `ob3/issue/service.ts#ob3CredentialOf`) is wired in here once it is on main; until then awards
 * made here are not listed and only imported OB 3.0 credentials are.
 */
export const issuedCredential: IssuedCredential = () => Promise.resolve(null);
