import type { ContentfulStatusCode } from 'hono/utils/http-status';

/**
 * The error catalogue. Codes are permanent: clients and translations key on them, so a code is
 * never renamed or reused; new failures get new codes. `key` is the catalogue key of the message
 * (the spec's resource_key). Later domains append their codes here.
 */
export const ERRORS = {
  E400100: { status: 400, key: 'errors.E400100' }, // request fields invalid (field list attached)
  E400101: { status: 400, key: 'errors.E400101' }, // body is not valid JSON
  E400102: { status: 400, key: 'errors.E400102' }, // verification code incorrect ({{count}} tries left)
  E400103: { status: 400, key: 'errors.E400103' }, // import: give an image or a URL, exactly one
  E400104: { status: 400, key: 'errors.E400104' }, // import: URL not allowed or not found
  // 400, not 401: the session is fine, and clients send every 401 to the login screen (spec §8).
  E400105: { status: 400, key: 'errors.E400105' }, // current password incorrect ({{count}} attempts left)
  E400106: { status: 400, key: 'errors.E400106' }, // notifications: delete all or the listed ones, not both
  E401100: { status: 401, key: 'errors.E401100' }, // not signed in / session expired
  E401101: { status: 401, key: 'errors.E401101' }, // issuer API key missing or not valid
  E401102: { status: 401, key: 'errors.E401102' }, // wrong email or password ({{count}} attempts left)
  // Portal sign-in (issue 20): the 12x block of each status belongs to it.
  E400120: { status: 400, key: 'errors.E400120' }, // portal sign-in: provider unknown or not configured
  E401120: { status: 401, key: 'errors.E401120' }, // portal sign-in response refused (state, iss, code or ID token)
  E401121: { status: 401, key: 'errors.E401121' }, // no portal session: sign in through the portal (login_url)
  E401122: { status: 401, key: 'errors.E401122' }, // this address signs in through the portal, not with a password
  E401123: { status: 401, key: 'errors.E401123' }, // the portal answered this sign-in with an error (cancelled or refused there)
  E403120: { status: 403, key: 'errors.E403120' }, // portal user: the password is managed by the portal
  E403121: { status: 403, key: 'errors.E403121' }, // portal user: sign in through the portal again to confirm
  E409120: { status: 409, key: 'errors.E409120' }, // portal sign-in could not be completed: try again
  E410120: { status: 410, key: 'errors.E410120' }, // portal sign-in choice expired: sign in again
  E502120: { status: 502, key: 'errors.E502120' }, // portal unreachable or answered something unusable
  E403100: { status: 403, key: 'errors.E403100' }, // not allowed
  E403101: { status: 403, key: 'errors.E403101' }, // cross-site request refused
  E403102: { status: 403, key: 'errors.E403102' }, // issuer API: only the operator certifies an issuer (ISS-10)
  E403103: { status: 403, key: 'errors.E403103' }, // page form: token missing or not this visitor's (CSRF)
  E404100: { status: 404, key: 'errors.E404100' }, // resource not found
  E404101: { status: 404, key: 'errors.E404101' }, // badge (class or assertion) not found
  E404102: { status: 404, key: 'errors.E404102' }, // issuer not found
  E404103: { status: 404, key: 'errors.E404103' }, // activation target not found
  E404104: { status: 404, key: 'errors.E404104' }, // badge private or deleted (public surfaces)
  E404105: { status: 404, key: 'errors.E404105' }, // no badges to accept
  E404106: { status: 404, key: 'errors.E404106' }, // email address not found on this account
  E404107: { status: 404, key: 'errors.E404107' }, // skill not found
  E404108: { status: 404, key: 'errors.E404108' }, // certificate not found (someone else's, private, deleted)
  E404109: { status: 404, key: 'errors.E404109' }, // certificate download: file not found
  E404110: { status: 404, key: 'errors.E404110' }, // email verification link not found (or its address removed)
  E404111: { status: 404, key: 'errors.E404111' }, // mail reception link not found (or its account closed)
  E405100: { status: 405, key: 'errors.E405100' }, // method not allowed
  E409100: { status: 409, key: 'errors.E409100' }, // badge already revoked or deleted
  E409101: { status: 409, key: 'errors.E409101' }, // account already created (activation)
  E409102: { status: 409, key: 'errors.E409102' }, // hide failed: already hidden or received
  E409103: { status: 409, key: 'errors.E409103' }, // badge already received
  E409104: { status: 409, key: 'errors.E409104' }, // badge cannot be received (hidden or revoked; a deleted one is E404101)
  E409105: { status: 409, key: 'errors.E409105' }, // badge status cannot be changed
  E409106: { status: 409, key: 'errors.E409106' }, // import: badge already registered in this wallet
  E409107: { status: 409, key: 'errors.E409107' }, // email already on this account
  E409108: { status: 409, key: 'errors.E409108' }, // email verified by another account
  E409109: { status: 409, key: 'errors.E409109' }, // email already verified
  E409110: { status: 409, key: 'errors.E409110' }, // cannot delete the address signed in with
  E409111: { status: 409, key: 'errors.E409111' }, // only a verified address can be primary
  E409112: { status: 409, key: 'errors.E409112' }, // cannot delete the last verified address
  E409113: { status: 409, key: 'errors.E409113' }, // profile picture changed meanwhile: try again
  E409114: { status: 409, key: 'errors.E409114' }, // merge: an account cannot be merged into itself
  E409115: { status: 409, key: 'errors.E409115' }, // merge: that account is already merged or closed
  E409116: { status: 409, key: 'errors.E409116' }, // certificate already revoked or deleted
  E409117: { status: 409, key: 'errors.E409117' }, // certificate PDF still being made: try again shortly
  E409118: { status: 409, key: 'errors.E409118' }, // blockchain certificate not anchored yet (nightly batch)
  E409119: { status: 409, key: 'errors.E409119' }, // email verification link already used (address verified)
  // E409120-E409129 are portal sign-in's block; mail reception continues after it.
  E409130: { status: 409, key: 'errors.E409130' }, // mail reception link already used to save: use a newer mail's link
  E410100: { status: 410, key: 'errors.E410100' }, // activation link expired
  E410101: { status: 410, key: 'errors.E410101' }, // password reset link expired or already used
  E410102: { status: 410, key: 'errors.E410102' }, // verification code expired, used up or replaced
  E410103: { status: 410, key: 'errors.E410103' }, // receive link expired: log in and press Receive
  E410104: { status: 410, key: 'errors.E410104' }, // email verification link expired: resend the code in settings
  E410105: { status: 410, key: 'errors.E410105' }, // mail reception link expired: use a newer mail's link or sign in
  E413100: { status: 413, key: 'errors.E413100' }, // body too large
  E413101: { status: 413, key: 'errors.E413101' }, // profile picture over 5 MB
  E423100: { status: 423, key: 'errors.E423100' }, // sign-in locked after repeated failures
  E415100: { status: 415, key: 'errors.E415100' }, // unsupported content type
  E415101: { status: 415, key: 'errors.E415101' }, // image is not a valid PNG or SVG
  // Not raised since SVGs are rebuilt from an allow-list on upload (IMG-20); kept, as codes are permanent.
  E415102: { status: 415, key: 'errors.E415102' }, // SVG carries scripts or external references
  E415103: { status: 415, key: 'errors.E415103' }, // import: file extension must be png or svg
  E415104: { status: 415, key: 'errors.E415104' }, // profile picture must be png, jpg or jpeg
  E415105: { status: 415, key: 'errors.E415105' }, // certificate template image must be PNG or JPEG
  E422100: { status: 422, key: 'errors.E422100' }, // import: no badge data in a readable format
  E422101: { status: 422, key: 'errors.E422101' }, // import: badge issued to an address not verified here (or none of the account's is verified)
  E422102: { status: 422, key: 'errors.E422102' }, // import: badge failed verification (or is revoked)
  E422103: { status: 422, key: 'errors.E422103' }, // import: issuer unreachable, try again later
  E422104: { status: 422, key: 'errors.E422104' }, // profile picture dimensions out of 250-3000 px
  E422105: { status: 422, key: 'errors.E422105' }, // certificate template missing (not this issuer's, or retired)
  E422106: { status: 422, key: 'errors.E422106' }, // certificate does not fit its template (kind or language)
  E422107: { status: 422, key: 'errors.E422107' }, // certificate text has characters no bundled font can print
  E422108: { status: 422, key: 'errors.E422108' }, // import: a CLR 2.0 learner record, which the badge list does not hold
  E422109: { status: 422, key: 'errors.E422109' }, // CLR 2.0 API upsert: not a learner record (a badge)
  E429100: { status: 429, key: 'errors.E429100' }, // too many requests
  E500100: { status: 500, key: 'errors.E500100' }, // unexpected failure
  E503100: { status: 503, key: 'errors.E503100' }, // temporarily unavailable
  E503101: { status: 503, key: 'errors.E503101' }, // certificate PDF could not be created
  // Spec §2/§9: the operator's maintenance window is on; writes wait (Retry-After), reads keep serving.
  E503102: { status: 503, key: 'errors.E503102' }, // maintenance: changes are paused until the window ends
  // Issue 23 (chaos run, FLT-01/02): D1 failed with a retryable error (connection lost, reset, overloaded);
  // a batch is all or nothing, so the client sends the request again after Retry-After.
  E503103: { status: 503, key: 'errors.E503103' }, // database briefly unavailable: try again in a few seconds
  // Issue 21, the Open Badges 3.0 host API (OAuth 2.0 + RFC 7591): the 16x block of each status is
  // its own. OAuth calls answer RFC 6749 error JSON and the OB 3.0 calls Imsx_StatusInfo; both carry
  // the code and its translated message (error_description / imsx_description).
  E400160: { status: 400, key: 'errors.E400160' }, // OAuth request malformed: a parameter missing, repeated or wrong (invalid_request)
  E400161: { status: 400, key: 'errors.E400161' }, // authorize: application unknown or redirect_uri not registered for it (never redirected)
  E400162: { status: 400, key: 'errors.E400162' }, // registration: redirect_uri not allowed (https only; loopback http outside production)
  E400163: { status: 400, key: 'errors.E400163' }, // scope unknown here or not registered for the application (invalid_scope; at registration invalid_client_metadata)
  E400164: { status: 400, key: 'errors.E400164' }, // PKCE: code_challenge missing or its method not S256
  E400165: { status: 400, key: 'errors.E400165' }, // code or refresh token invalid, expired, used, or code_verifier wrong (invalid_grant)
  E400166: { status: 400, key: 'errors.E400166' }, // grant_type not supported (a response_type is refused by a redirect, unsupported_response_type)
  E400167: { status: 400, key: 'errors.E400167' }, // registration: client metadata invalid (invalid_client_metadata)
  E400168: { status: 400, key: 'errors.E400168' }, // getCredentials: limit, offset or since invalid (invalid_query_parameter)
  E401160: { status: 401, key: 'errors.E401160' }, // OAuth client authentication failed (invalid_client)
  E401161: { status: 401, key: 'errors.E401161' }, // OB 3.0 API: access token missing, invalid, expired or revoked
  E403160: { status: 403, key: 'errors.E403160' }, // OB 3.0 API: the access token lacks the scope of this call
  E404160: { status: 404, key: 'errors.E404160' }, // connected application not found (consent already withdrawn)
  E429160: { status: 429, key: 'errors.E429160' }, // registration closed: the number of registered applications is at its cap
  // Issue 22, two-step sign-in (authenticator-app codes): the 14x block of each status is its own.
  E400140: { status: 400, key: 'errors.E400140' }, // app codes: the code typed to confirm enrolment does not match
  E401140: { status: 401, key: 'errors.E401140' }, // sign-in second step: code wrong or already used ({{count}} attempts left)
  E401141: { status: 401, key: 'errors.E401141' }, // sign-in second step: none pending (expired or done): sign in again
  E403140: { status: 403, key: 'errors.E403140' }, // portal user: two-step sign-in is managed by the portal
  E409140: { status: 409, key: 'errors.E409140' }, // app codes are already on: turn them off first
  E409141: { status: 409, key: 'errors.E409141' }, // app codes: no enrolment in progress (or a newer one replaced it)
  // Issue 22, passkeys (WebAuthn, security guide WA-01): the 15x block of each status is its own.
  E400150: { status: 400, key: 'errors.E400150' }, // passkey answer unreadable, of the wrong ceremony, or refused by verification
  E400151: { status: 400, key: 'errors.E400151' }, // passkey answer made on another site (origin is not Lanyard's)
  E400152: { status: 400, key: 'errors.E400152' }, // passkey made for another site (RP id hash does not match)
  E400153: { status: 400, key: 'errors.E400153' }, // passkey request unknown or made for another step: start again
  E400154: { status: 400, key: 'errors.E400154' }, // passkey request already used (a replay): start again
  E400155: { status: 400, key: 'errors.E400155' }, // passkey request expired (5 minutes): start again
  E400156: { status: 400, key: 'errors.E400156' }, // the authenticator did not verify the person (PIN, fingerprint, face)
  E401150: { status: 401, key: 'errors.E401150' }, // passkey not recognised (unknown, removed, closed account, not this account's, bad signature)
  E401151: { status: 401, key: 'errors.E401151' }, // passkey signature counter went backwards: it may have been copied
  E401152: { status: 401, key: 'errors.E401152' }, // sign-in second step: passkey not accepted ({{count}} attempts left)
  E403150: { status: 403, key: 'errors.E403150' }, // portal user: passkeys are managed by the portal
  E404150: { status: 404, key: 'errors.E404150' }, // passkey not found on this account (or the account has none)
  E409150: { status: 409, key: 'errors.E409150' }, // passkey limit reached (20 per account): remove one first
  E409151: { status: 409, key: 'errors.E409151' }, // this passkey is already registered
  // Issue 22, whole-wallet export and import: the 17x block of each status is its own.
  E404170: { status: 404, key: 'errors.E404170' }, // export not found (none started, or not this account's)
  E409170: { status: 409, key: 'errors.E409170' }, // export still being built: wait for the notice
  E410170: { status: 410, key: 'errors.E410170' }, // export link expired (seven days): start a new export
  E413171: { status: 413, key: 'errors.E413171' }, // import: archive too large or a zip bomb (entries, total size or ratio; a badge file over its cap, all of them over 64 MiB, or an entry that inflates past its declared size)
  E422171: { status: 422, key: 'errors.E422171' }, // import: a file name in the archive leaves its folder (path traversal)
  E422172: { status: 422, key: 'errors.E422172' }, // import: not a readable Lanyard export (damaged or unsupported ZIP)
  // Issue 33 (trust, second round): the 18x block of each status is its own.
  E400180: { status: 400, key: 'errors.E400180' }, // development SQL: the database refused a statement ({{reason}}: D1's own words)
  // A revoked award's files that carry its credential are refused, never handed out as if valid
  // (docs/design/decisions.md "Downloads of a revoked badge or certificate"); the badge's PDF is printed marked instead.
  E410180: { status: 410, key: 'errors.E410180' }, // badge revoked by its issuer: its image and credential files are no longer given
  E410181: { status: 410, key: 'errors.E410181' }, // certificate revoked by its issuer: its PDF and blockchain certificate are no longer given
} as const satisfies Record<string, { status: ContentfulStatusCode; key: string }>;

export type ErrorCode = keyof typeof ERRORS;

/** One failed field of a request, reported next to the E400100 error. */
export interface FieldError {
  field: string;
  key: string;
  params?: Record<string, string | number>;
}

/** Thrown by handlers and services; the one `onError` turns it into the spec's envelope. */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly params: Record<string, string | number>;
  readonly fields: FieldError[];

  constructor(code: ErrorCode, params: Record<string, string | number> = {}, fields: FieldError[] = []) {
    super(code);
    this.name = 'AppError';
    this.code = code;
    this.params = params;
    this.fields = fields;
  }

  get status(): ContentfulStatusCode {
    return ERRORS[this.code].status;
  }
}

export function isErrorCode(value: string): value is ErrorCode {
  return Object.hasOwn(ERRORS, value);
}

/**
 * The code a check refuses with, or null when it passes: how a page that is only opened asks what
 * its form would answer, without writing (issue 35, item 5). Anything but an AppError still throws.
 */
export async function refusal(check: Promise<unknown>): Promise<ErrorCode | null> {
  try {
    await check;
    return null;
  } catch (err) {
    if (err instanceof AppError) return err.code;
    throw err;
  }
}
