/**
 * Spec §3 auth state `currentUserType`: 1 signs in through the portal (OpenID Connect, issue 20),
 * 2 through the wallet's own login. Kept here, below every domain that asks which one a user is.
 */
export const USER_TYPE_PORTAL = 1;
export const USER_TYPE_WALLET = 2;
