import type { ErrorCode } from './errors';
import type { VerifyCode } from './verdict/codes';

/*
 * What each error code means, why it happens and what to do: the source of docs/errors.md, which
 * tests/unit/error-docs.test.ts generates from it. Only the tests import this file; the Worker
 * never does, so none of this prose is in its bundle. A new code needs its entry here (the types
 * require it), and a code’s meaning never changes (tests/unit/error-codes.lock.json holds each).
 */

export interface ErrorDoc {
  /** What the code says happened, in one line. */
  means: string;
  /** Why it happens: the rule or situation behind it, as the code decides it. */
  why: string;
  /** What the person or the client calling the API does about it. */
  fix: string;
}

/** The account and API errors (src/server/errors.ts), in the catalogue's order. */
export const ERROR_DOCS: Record<ErrorCode, ErrorDoc> = {
  E400100: {
    means: 'Some fields of the request are not valid; the answer lists each failed field with the reason.',
    why:
      'The body or form broke the call’s rules (a field missing, too long, or of the wrong type or format), or a ' +
      'service check refused a field, such as a password against the password rules. A body that cannot be read at ' +
      'all answers this code too, with no field list.',
    fix: 'Correct the fields named in `errors` and send the request again; on a page, fix the highlighted fields.',
  },
  E400101: {
    means: 'The request body is not valid JSON.',
    why:
      'Answered by the Open Badges 3.0 host API: an application’s registration body, or a credential sent to ' +
      'upsertCredential as JSON, could not be parsed.',
    fix: 'Send a well-formed JSON object as the body.',
  },
  E400102: {
    means: 'The six-digit code typed is incorrect; the message says how many tries are left.',
    why:
      'A code mailed to confirm an added address or an account merge did not match. Each code allows five tries, and ' +
      'a try is spent before the code is compared.',
    fix: 'Type the code from the newest mail again; after the last wrong try, request a new code.',
  },
  E400103: {
    means: 'An import needs exactly one source: a badge image, a URL or credential text.',
    why: 'None, or more than one, of the image, the URL and the pasted or uploaded credential text was given.',
    fix: 'Send exactly one of them.',
  },
  E400104: {
    means: 'The URL given for an import cannot be used.',
    why:
      'Nothing that reads as a badge was found there: the wallet’s outbound guard refused the address, nothing was ' +
      'found at it, or the page there is not a badge.',
    fix: 'Give the public web address of the badge’s hosted assertion, or import its baked image or credential text.',
  },
  E400105: {
    means: 'The current password typed to confirm a change is incorrect; the message says how many attempts are left.',
    why:
      'Changes that matter (adding or deleting an address, changing the password, merging, deleting the account) ask ' +
      'for the password again, checked as a sign-in is, so wrong guesses count toward the same lockout. It is 400, ' +
      'not 401, because the session itself is fine (spec §8).',
    fix:
      'Type this account’s current password; too many wrong attempts lock sign-in (E423100), which a password reset ' +
      'lifts.',
  },
  E400106: {
    means: 'A notification delete asked for all notifications and for listed ones at once.',
    why: '`is_delete_all` was true while `notification_ids` was not empty.',
    fix: 'Send either `is_delete_all` with no ids, or only the ids to delete.',
  },
  E401100: {
    means: 'The caller is not signed in, or the session has ended.',
    why:
      'A call that needs a signed-in person came without a live session cookie or `access_token`: it expired or was ' +
      'ended, or the account was closed meanwhile. A 401 with no code of its own answers this code too.',
    fix: 'Sign in again; clients send every 401 to the sign-in screen.',
  },
  E401101: {
    means: 'The issuer API key is missing or not valid.',
    why:
      'An issuer API call came without an API key as its Bearer token, or with a key no issuer holds; creating an ' +
      'issuer likewise needs the operator’s admin token.',
    fix: 'Send the issuer’s current API key (the operator’s admin token to create an issuer) as a Bearer token.',
  },
  E401102: {
    means: 'The email address or password is incorrect; the message says how many attempts are left.',
    why:
      'No account has this verified address, or the password does not match. Both answer alike after the same work, ' +
      'so the answer never tells whether an address has an account; failures are counted per address.',
    fix: 'Check the address and password, or reset the password; five failures lock sign-in for 30 minutes (E423100).',
  },
  E400120: {
    means: 'The sign-in portal asked for is unknown or not configured.',
    why:
      'The `provider` of a portal sign-in, or of the sign-in its callback returns to, names no portal configured for ' +
      'this wallet.',
    fix: 'Go back to the sign-in page and choose another way to sign in; the operator checks the portal configuration.',
  },
  E401120: {
    means: 'The portal’s sign-in answer was refused, so nobody was signed in.',
    why:
      'The callback failed a check: its state missing, unknown, used, expired or not started in this browser; `iss` ' +
      'not the portal’s; a refused response or code exchange; an ID token that fails validation (signature, ' +
      'audience, nonce, expiry, issued in the future); or an account that is not active.',
    fix:
      'Sign in through the portal again from the start; if it keeps failing, the operator checks the portal’s ' +
      'configuration.',
  },
  E401121: {
    means: 'There is no live portal session, so no wallet session can be given.',
    why:
      'The access-token call (GetApiAccessToken) found no live portal session for this browser, or the portal ' +
      'session ended while the wallet session was being started.',
    fix: 'Sign in through the portal again, at the `login_url` the answer carries.',
  },
  E401122: {
    means: 'This address signs in through the portal, not with a password or passkey here.',
    why:
      'The account of the address, or of the passkey used, is a portal account (user type 1), which has no wallet ' +
      'password; a password sign-in gets this answer after the same work as a password check.',
    fix: 'Use the portal sign-in button.',
  },
  E401123: {
    means: 'The portal answered the sign-in with an error: it was cancelled or refused there.',
    why:
      'The callback carried an OAuth error (such as `access_denied` when the person cancelled) that passed the state ' +
      'and `iss` checks, so it is this browser’s own attempt.',
    fix: 'Try again and complete the sign-in at the portal; if the portal refuses, ask its administrators.',
  },
  E403120: {
    means: 'A portal user’s password is managed by the portal, not here.',
    why: 'A portal account (user type 1) asked to change its wallet password, which it does not have.',
    fix: 'Change the password at the organisation’s portal.',
  },
  E403121: {
    means: 'A portal user must sign in through the portal again to confirm this change.',
    why:
      'Where others type their password, a portal user needs a portal sign-in under 15 minutes old, made for this ' +
      'wallet session; there was none, or it was older.',
    fix:
      'Sign in through the portal again (the client sends the person there with `prompt=login`), then repeat the ' +
      'change.',
  },
  E409120: {
    means: 'Signing in through the portal could not be completed.',
    why:
      'The batch that creates or links the account of the portal identity left no account for it, or the account was ' +
      'not active afterwards, for example after a change made at the same moment.',
    fix: 'Sign in through the portal again; if it keeps failing, contact the operator.',
  },
  E410120: {
    means: 'The choice offered after a portal sign-in has expired.',
    why:
      'The page where a portal user chooses to merge with an existing wallet account or keep them apart found ' +
      'nothing waiting for this browser: its cookie is missing, or the choice is older than 10 minutes.',
    fix: 'Sign in through the portal again.',
  },
  E502120: {
    means: 'The portal cannot be reached, or gave an answer that cannot be used.',
    why:
      'Its discovery document or token endpoint could not be fetched, or answered something unusable (not JSON, a ' +
      'server error, incomplete metadata).',
    fix: 'Try again later; if it lasts, the operator checks the portal and its configuration.',
  },
  E403100: {
    means: 'The caller is not allowed to do this.',
    why:
      'The generic answer to a 403 that has no code of its own. Lanyard’s own checks answer with their own codes, ' +
      'and answer 404 rather than 403 for someone else’s things (AZ-01).',
    fix: 'Do not retry: this caller may not do this.',
  },
  E403101: {
    means: 'A request sent from another site was refused (cross-site request).',
    why:
      'A request that changes something carried a `Sec-Fetch-Site` other than `same-origin` or `none`, or an ' +
      '`Origin` other than the wallet’s own (SES-06).',
    fix: 'Send the request from the wallet’s own pages; a client outside a browser sends neither header.',
  },
  E403102: {
    means: 'Only the operator can change whether an issuer is certified (ISS-10).',
    why: 'An issuer’s profile update, made with its own API key, included `is_certified`, in either direction.',
    fix: 'Leave `is_certified` out of the update; ask the operator to change the certification.',
  },
  E403103: {
    means: 'A page form was refused: its hidden token is missing or not this visitor’s (CSRF).',
    why:
      'The form’s token did not match the visitor’s token cookie, for example because the cookie expired or was ' +
      'cleared while the page was open.',
    fix: 'The page is shown again with a fresh token: check what was entered and send it again.',
  },
  E404100: {
    means: 'The requested item was not found.',
    why:
      'The generic not-found answer: an unknown address, or an item with no code of its own (a profile picture that ' +
      'is not the current one, a merge request, a session to sign out, a hosted key or image).',
    fix: 'Check the address or id; the item may have been removed.',
  },
  E404101: {
    means: 'The badge (badge class or awarded badge) was not found.',
    why:
      'It does not exist, or is not the caller’s: another issuer’s class or award, another person’s badge, or one ' +
      'deleted by its owner or issuer. A download answers it too for a badge not received yet.',
    fix: 'Check the id: an issuer names its own badges, a person one of their own badges.',
  },
  E404102: {
    means: 'The issuer was not found.',
    why: 'No issuer, issuer profile, Blockcerts issuer profile or revocation list exists under this id.',
    fix: 'Check the issuer’s id or link.',
  },
  E404103: {
    means: 'There is no registration for this activation link.',
    why: 'The link’s token matches no provisional registration.',
    fix: 'Register again.',
  },
  E404104: {
    means: 'The badge is private or has been deleted.',
    why:
      'A public page or call found nothing the public may see under this id: the badge is not published, revoked, ' +
      'deleted by either side, or its owner’s account is closed; each gives the same answer.',
    fix: 'Check the link, or ask the badge’s owner to publish it.',
  },
  E404105: {
    means: 'There are no badges to accept.',
    why: 'Receiving all badges found none waiting that is not hidden, revoked or deleted.',
    fix: 'Nothing to do; refresh the list.',
  },
  E404106: {
    means: 'The address was not found on this account.',
    why:
      'The address named to resend a code, verify, make primary or delete is not on the signed-in account, or was ' +
      'removed meanwhile.',
    fix: 'Refresh the address list and choose an address on it.',
  },
  E404107: {
    means: 'The skill was not found.',
    why: 'No skill (tag) exists under this id.',
    fix: 'Check the link or id.',
  },
  E404108: {
    means: 'The certificate was not found.',
    why:
      'It does not exist, is someone else’s (or another issuer’s), or was deleted; on public surfaces a private or ' +
      'revoked one answers the same (AZ-01).',
    fix: 'Check the id or link, or ask its owner to publish it.',
  },
  E404109: {
    means: 'The certificate’s file was not found.',
    why: 'The document says its PDF was made, but the file is not in storage.',
    fix: 'Contact the operator: the stored PDF is missing.',
  },
  E404110: {
    means: 'The address verification link is not valid.',
    why:
      'The link’s token is malformed or unknown, or the address it verifies was removed from the account after the ' +
      'mail was sent.',
    fix: 'Add the address again, or send a new code from account settings.',
  },
  E404111: {
    means: 'The mail reception link is not valid.',
    why: 'The link’s token is malformed or unknown, or the account it belongs to is closed.',
    fix: 'Use the link of a newer mail, or sign in and change the mail settings there.',
  },
  E405100: {
    means: 'This action is not supported here.',
    why: 'The generic answer to a 405 (a method the address does not accept) that has no code of its own.',
    fix: 'Use the method the API documentation gives for this address.',
  },
  E409100: {
    means: 'The badge has already been revoked or deleted.',
    why:
      'The issuer revoked an award already revoked or deleted by the issuer, or deleted or reissued one already ' +
      'deleted; a receive link of a revoked or deleted badge answers it too.',
    fix: 'Nothing more can change it: refresh its state.',
  },
  E409101: {
    means: 'The account has already been created.',
    why:
      'The activation link was used before, or another account verified the address meanwhile (the activation then ' +
      'fails whole on the unique verified address).',
    fix: 'Sign in, or reset the password, instead of activating again.',
  },
  E409102: {
    means: 'The badge could not be hidden: it is already hidden or received.',
    why: 'Only a badge not yet received and not hidden can be hidden.',
    fix: 'Refresh the list; a received badge can be made private instead.',
  },
  E409103: {
    means: 'The badge has already been received.',
    why: 'It no longer waits: it was received before, in another tab or through its receive link.',
    fix: 'Find it among the received badges.',
  },
  E409104: {
    means: 'The badge cannot be received.',
    why: 'It waits, but cannot be received: it was hidden, or its issuer revoked it.',
    fix: 'Contact the issuer.',
  },
  E409105: {
    means: 'The badge’s status (public or private) cannot be changed.',
    why:
      'Only a received badge that is not revoked or deleted can be published or made private (an imported badge: one ' +
      'not revoked); a badge still waiting, or still being received on a blockchain, cannot.',
    fix: 'Receive the badge first; a revoked badge stays private.',
  },
  E409106: {
    means: 'The badge is already in this wallet.',
    why:
      'The import found the same credential already kept for this account (the same id, or the same credential ' +
      'text), or it is a badge issued here to this account; `existing` links to it when known.',
    fix: 'Nothing to import: open the badge already held. upsertCredential answers 200 instead of this code.',
  },
  E409107: {
    means: 'The address is already on this account.',
    why: 'The address being added is on the account already, pending or verified.',
    fix: 'Verify the pending address (resend its code) instead of adding it again.',
  },
  E409108: {
    means: 'The address is already used by another account.',
    why: 'Another account holds this address verified, or verified it first while this one was verifying it (ACC-02).',
    fix: 'Use another address, or, if the other account is yours, merge it into this one.',
  },
  E409109: {
    means: 'The address is already verified.',
    why: 'A code was asked for, or entered, for an address of this account that is verified already.',
    fix: 'Nothing to do; refresh the address list.',
  },
  E409110: {
    means: 'The address used to sign in cannot be deleted.',
    why: 'The address is the one this session signed in with (ACC-03).',
    fix: 'Sign in with another verified address first, then delete this one.',
  },
  E409111: {
    means: 'Only a verified address can be the primary address.',
    why: 'The address to make primary is still pending.',
    fix: 'Verify the address with its code first.',
  },
  E409112: {
    means: 'The last verified address cannot be deleted.',
    why: 'Deleting it would leave the account with no verified address (ACC-03).',
    fix: 'Add and verify another address first.',
  },
  E409113: {
    means: 'The profile picture changed meanwhile, so this upload was not kept.',
    why: 'Another upload or removal changed the picture between this upload’s read and its write.',
    fix: 'Upload the picture again.',
  },
  E409114: {
    means: 'An account cannot be merged into itself.',
    why: 'The account to merge, proved by its address and password or by a mailed code, is the signed-in account.',
    fix: 'Give the address of the other account.',
  },
  E409115: {
    means: 'That account is already merged or closed.',
    why: 'The account to merge is no longer active, checked when the merge is proved and again when it is confirmed.',
    fix: 'Nothing to merge; refresh.',
  },
  E409116: {
    means: 'The certificate has already been revoked or deleted.',
    why:
      'Its issuer revoked a document already revoked or deleted, or deleted or reissued one already deleted (of two ' +
      'reissues at once, one wins); or its owner tried to publish a revoked one.',
    fix: 'Nothing more can change it: refresh its state.',
  },
  E409117: {
    means: 'The certificate’s PDF is still being made.',
    why: 'The job that prints the PDF has not finished; the answer carries `Retry-After: 5`.',
    fix: 'Try again in a few seconds.',
  },
  E409118: {
    means: 'The blockchain certificate is still being processed: it is not anchored yet.',
    why:
      'Blockchain credentials are anchored in a nightly batch; until then there is no Blockcerts certificate to ' +
      'download.',
    fix: 'Try again after the next nightly run.',
  },
  E409119: {
    means: 'The address verification link has already been used.',
    why: 'The link was used before, or the address it verifies is verified already.',
    fix: 'Nothing to do: the address is verified.',
  },
  E409130: {
    means: 'The mail reception link was already used to save settings.',
    why: 'A reception link saves once; a later or parallel save with it is refused.',
    fix: 'Use the link of a newer mail, or sign in and change the mail settings there.',
  },
  E410100: {
    means: 'The activation link has expired.',
    why: 'The registration was not activated within 24 hours.',
    fix: 'Register again.',
  },
  E410101: {
    means: 'The password reset link has expired or has already been used.',
    why:
      'Reset links last 60 minutes and set a password once; setting a password retires every other outstanding link. ' +
      'An unknown link answers the same.',
    fix: 'Request a new reset link.',
  },
  E410102: {
    means: 'The code has expired, is used up, or was replaced.',
    why:
      'Codes last 10 minutes and are used once; a newer code replaces older ones, and five wrong tries end a code. A ' +
      'merge code for an address that has no account answers the same.',
    fix: 'Request a new code.',
  },
  E410103: {
    means: 'The receive link has expired.',
    why: 'An award mail’s receive link works for 30 days; the badge still waits in the wallet.',
    fix: 'Sign in to the wallet and press Receive.',
  },
  E410104: {
    means: 'The address verification link has expired.',
    why: 'The link in the code mail works for 24 hours.',
    fix: 'Send a new code from account settings.',
  },
  E410105: {
    means: 'The mail reception link has expired.',
    why: 'A mail’s reception link works for 60 days.',
    fix: 'Use the link of a newer mail, or sign in and change the mail settings there.',
  },
  E413100: {
    means: 'What was sent is too large; the message gives the limit in KB.',
    why:
      'The request body passed its call’s cap, or a part of it passed its own: credential text to import, a badge or ' +
      'issuer image, a certificate template image. A 413 with no code of its own answers this code too.',
    fix: 'Send something smaller.',
  },
  E413101: {
    means: 'The profile picture is larger than 5 MB.',
    why: 'The uploaded file is over 5 MB.',
    fix: 'Choose a smaller picture.',
  },
  E423100: {
    means: 'Sign-in is locked after repeated failures; the message gives the minutes.',
    why:
      'Five failures for one address (wrong passwords, including ones typed to confirm a change, second-step codes ' +
      'or passkeys) lock it for 30 minutes; while locked even a right answer is refused and counted (AUTH-04, ' +
      'AUTH-05).',
    fix: 'Wait until the lock ends, or reset the password, which lifts it.',
  },
  E415100: {
    means: 'This type of content is not accepted.',
    why:
      'The `Content-Type` does not fit the call: page forms are form-encoded or multipart, the OAuth endpoints ' +
      'form-encoded, upsertCredential JSON or plain text. A 415 with no code of its own answers this code too.',
    fix: 'Send the content type the call expects.',
  },
  E415101: {
    means: 'The image must be a valid PNG or SVG file.',
    why:
      'Its bytes are not a PNG or an SVG, or are damaged (a broken chunk or checksum, a DOCTYPE in an SVG), or an ' +
      'SVG kept nothing once sanitised.',
    fix: 'Upload a valid PNG or SVG file.',
  },
  E415102: {
    means: 'The SVG image contains scripts or external references, which are not allowed.',
    why:
      'Not answered any more: an uploaded SVG is rebuilt from an allow-list (IMG-20), so such content is dropped. ' +
      'The code is kept because codes are permanent.',
    fix: 'Nothing to do; a current server never answers it.',
  },
  E415103: {
    means: 'An imported badge image must be a .png or .svg file.',
    why: 'The file name given with the image does not end in .png or .svg.',
    fix: 'Import the baked badge image as a .png or .svg file.',
  },
  E415104: {
    means: 'The profile picture must be a .png, .jpg or .jpeg image.',
    why: 'The file name has another extension, or its content is not a readable PNG or JPEG.',
    fix: 'Upload a PNG or JPEG picture.',
  },
  E415105: {
    means: 'A certificate template image must be a valid PNG or JPEG file.',
    why:
      'The logo, signature or seal is not a PNG or a complete JPEG, has a side outside 16-2000 pixels, or cannot be ' +
      'embedded in a PDF.',
    fix: 'Upload a PNG or JPEG of 16 to 2000 pixels a side.',
  },
  E422100: {
    means: 'No badge data could be read; what was given may not be an Open Badge.',
    why:
      'The text is not a signed credential, a Blockcerts credential or Open Badges 3.0 JSON (an Open Badges 2.0 ' +
      'assertion comes baked or by URL), the image carries no badge, or a PDF to verify has none attached. ' +
      'upsertCredential answers it for JSON that is not an object, or text that is not a compact JWS.',
    fix: 'Give the baked badge image, its URL, or the credential as the issuer sent it.',
  },
  E422101: {
    means: 'The badge was issued to an address that is not a verified address of this account.',
    why:
      'None of the account’s verified addresses is the badge’s recipient, or the account has none; an address still ' +
      'pending does not count (HV-06).',
    fix: 'Add and verify the address the badge was issued to, then import it again.',
  },
  E422102: {
    means: 'The badge did not pass verification, or it has been revoked.',
    why:
      'Verification found a problem other than expiry (an expired badge is imported and shown as expired), found it ' +
      'revoked, or found no badge class.',
    fix: 'Verify it on the verify page to see what failed, and ask its issuer for a valid copy.',
  },
  E422103: {
    means: 'The issuer could not be reached to verify the badge.',
    why:
      'Verification could not finish now: something it needs (the assertion, issuer profile, key, revocation or ' +
      'status list, or a blockchain node) did not answer.',
    fix: 'Try again later.',
  },
  E422104: {
    means: 'The profile picture must be between 250×250 and 3000×3000 pixels.',
    why: 'Its width or height is under 250 or over 3000 pixels.',
    fix: 'Resize the picture and upload it again.',
  },
  E422105: {
    means: 'The certificate template is missing.',
    why:
      'The template is unknown, not this issuer’s, retired (no new documents or changes) or deleted; a reissue of a ' +
      'document that has no template answers it too.',
    fix: 'Use one of the issuer’s live templates.',
  },
  E422106: {
    means: 'The certificate does not match its template (kind or language).',
    why:
      'The kind or language asked for is not the template’s, rows were sent for a template that is not a transcript, ' +
      'or a template change would drop a language that a live document is written in.',
    fix: 'Send a kind and language the template has, and rows only for a transcript.',
  },
  E422107: {
    means: 'The certificate contains characters that cannot be printed; the message lists them.',
    why:
      'A name, title, detail, transcript row or template text has characters that no font bundled for PDFs can draw, ' +
      'so nothing was written.',
    fix: 'Replace or remove the listed characters.',
  },
  E422108: {
    means: 'A learner record (CLR 2.0) was given to the badge import; the badge list does not hold learner records.',
    why:
      "The OB 3.0 API's upsert verified what was given and found a ClrCredential (issue 38). The wallet holds a " +
      'record in the certificates tab as a transcript; the OB 3.0 API, which holds badges only, has no place for it.',
    fix: 'Add the record in the wallet (certificates tab, "Add a learner record", or the AddBadge call), which holds it.',
  },
  E422109: {
    means: 'Something other than a learner record (CLR 2.0) was given to the CLR 2.0 API.',
    why:
      "The CLR 2.0 API's upsertCredential verified what was given and found an Open Badges or Blockcerts " +
      'credential, not a ClrCredential (issue 38). That API holds learner records only.',
    fix: 'Send a badge to the OB 3.0 API (/ims/ob/v3p0/credentials) or add it in the wallet; send only ClrCredentials here.',
  },
  E429100: {
    means: 'Too many requests.',
    why:
      'A rate limit was reached: imports per account (10 a minute), fetches from other hosts per client address (60 ' +
      'a minute: verifying, importing, registering an app), searches or passkey sign-in requests per address, or ' +
      'five mailed codes an hour for one purpose.',
    fix: 'Wait a moment and try again.',
  },
  E500100: {
    means: 'An unexpected error has occurred.',
    why: 'Something failed that the code does not expect; it is logged, and the answer shows no detail (HDR-03).',
    fix: 'Try again later; if it persists, the operator reads the logs.',
  },
  E503100: {
    means: 'The service is temporarily unavailable.',
    why: 'The generic answer to a 503 that has no code of its own; it carries `Retry-After: 60`.',
    fix: 'Try again after a minute.',
  },
  E503101: {
    means: 'The certificate PDF could not be created.',
    why: 'Printing the document’s PDF failed, so there is no file to download.',
    fix: 'Try again later; if it stays so, contact the operator.',
  },
  E503102: {
    means: 'Changes are paused for scheduled maintenance.',
    why:
      'The operator’s maintenance window is on: changes answer 503 with `Retry-After` until it ends, while reads and ' +
      'badge verification keep working (spec §2, §9).',
    fix: 'Send the change again after the time in `Retry-After`.',
  },
  E503103: {
    means: 'The database is briefly unavailable; the change was made whole or not at all.',
    why:
      'D1 failed with a retryable error (connection lost, reset, overloaded); a batch is all or nothing, so nothing ' +
      'is half done (FLT-01/02).',
    fix: 'Send the same request again after `Retry-After`; it meets the same checks.',
  },
  E400160: {
    means:
      'The OAuth request is missing a required parameter, repeats one, or has one in the wrong form ' +
      '(`invalid_request`).',
    why:
      'At the token or revocation endpoint a parameter was sent twice, or a required one is missing (`code` and ' +
      '`redirect_uri`, `refresh_token`, `token`). The authorize endpoint redirects such errors back to the ' +
      'application instead.',
    fix: 'Send each parameter once, with every required one.',
  },
  E400161: {
    means: 'The application is unknown, or the `redirect_uri` is not one it registered.',
    why:
      'At authorize, `client_id` names no registered application, or `redirect_uri` is missing or not exactly one of ' +
      'its registered ones; the person is told here and never redirected (RFC 6749 §4.1.2.1).',
    fix:
      'The application sends its own `client_id` and an exactly registered `redirect_uri`; a person goes back to the ' +
      'app.',
  },
  E400162: {
    means: 'A `redirect_uri` is not allowed.',
    why:
      'At registration, each must be an absolute https URL in its canonical form, with no fragment or user name; ' +
      'plain http only to 127.0.0.1 or [::1], and never in production.',
    fix: 'Register redirect URIs of that form.',
  },
  E400163: {
    means: 'A requested scope is unknown here or was not registered for the application (`invalid_scope`).',
    why:
      'At registration `scope` names no scope, or one this host does not offer; at a refresh, the scope asked for is ' +
      'not among the application’s.',
    fix:
      'Ask only for the OB 3.0 scopes this host offers (credential.readonly, credential.upsert, profile.readonly), ' +
      'within the registered ones.',
  },
  E400164: {
    means: 'PKCE is required: `code_challenge` is missing or its method is not S256.',
    why:
      'An authorization request needs a `code_challenge` with `code_challenge_method` S256. The authorize endpoint ' +
      'now sends a missing or wrong one back to the application as `invalid_request`, so this code is not answered.',
    fix: 'Send an S256 `code_challenge` at authorize and its `code_verifier` at the token endpoint.',
  },
  E400165: {
    means: 'The authorization code or refresh token is not valid (`invalid_grant`).',
    why:
      'It is unknown, expired, used or revoked, was issued to another client or `redirect_uri`, its consent was ' +
      'withdrawn or its account closed, or the `code_verifier` is missing or does not match. A code or refresh token ' +
      'used twice revokes its grant’s tokens.',
    fix: 'Start the authorization again, or refresh with the newest refresh token.',
  },
  E400166: {
    means: 'This `grant_type` is not supported.',
    why:
      'The token endpoint takes `authorization_code` and `refresh_token` only. At authorize, a `response_type` other ' +
      'than `code` is sent back to the application as `unsupported_response_type` instead.',
    fix: 'Use the authorization code grant, then refresh tokens.',
  },
  E400167: {
    means: 'The application’s registration data is not valid (`invalid_client_metadata`).',
    why:
      '`client_name`, `client_uri`, `redirect_uris` (one to five) and `scope` are required, every address must be ' +
      'http(s), and only `client_secret_basic`, the two grant types and the response type `code` are accepted.',
    fix: 'Correct the registration body and send it again.',
  },
  E400168: {
    means: '`limit`, `offset` or `since` of getCredentials is not valid (`invalid_query_parameter`).',
    why:
      '`limit` must be a whole number from 1 to 100, `offset` a whole number from 0, and `since` a date and time ' +
      'with a time zone.',
    fix: 'Send valid values, or leave them out.',
  },
  E401160: {
    means: 'The application could not be authenticated (`invalid_client`).',
    why: 'The token or revocation call lacks HTTP Basic authentication, or its client id or secret is wrong.',
    fix: 'Send the `client_id` and `client_secret` with HTTP Basic authentication, each form-encoded.',
  },
  E401161: {
    means: 'The access token is missing, not valid, expired or revoked.',
    why:
      'An OB 3.0 call needs a live Bearer token in the Authorization header, of an active account whose consent ' +
      'stands; a wallet session cookie counts for nothing there.',
    fix: 'Get a new access token from the token endpoint (with the refresh token, or by authorizing again).',
  },
  E403160: {
    means: 'The access token does not allow this call.',
    why: 'The token lacks the scope of the call: the person did not grant it to the application.',
    fix: 'Authorize again, asking for that scope.',
  },
  E404160: {
    means: 'The application is not connected to this wallet (any more).',
    why: 'Disconnecting found no consent to withdraw: it was withdrawn already (in another tab, say) or never given.',
    fix: 'Refresh the list of connected applications.',
  },
  E429160: {
    means: 'No more applications can be registered with this wallet at the moment.',
    why: 'The number of registered applications is at the cap the wallet sets (5,000).',
    fix: 'Contact the operator.',
  },
  E400140: {
    means: 'The code typed to confirm app codes does not match.',
    why: 'The code is not the one the new secret gives around the current time.',
    fix: 'Check that the phone’s clock is right and type the newest code from the app.',
  },
  E401140: {
    means: 'The sign-in code is incorrect or was already used; the message says how many attempts are left.',
    why:
      'The app code or recovery code of the second step did not match or was used before; it counts toward the ' +
      'address’s lockout as a wrong password does (AUTH-04).',
    fix: 'Type the newest code from the app, or an unused recovery code; failures lock sign-in (E423100).',
  },
  E401141: {
    means: 'There is no second step waiting: it expired or was completed.',
    why:
      'The second step’s cookie is missing or unknown, the step is older than five minutes, or it was completed ' +
      'already.',
    fix: 'Sign in again with the password.',
  },
  E403140: {
    means: 'App codes cannot be set for a portal user.',
    why:
      'Portal users sign in through their organisation’s portal, whose own second factors apply there; app codes ' +
      'here would never be asked.',
    fix: 'Use the sign-in security of the portal.',
  },
  E409140: {
    means: 'App codes are already on.',
    why: 'Setting up app codes was started while confirmed app codes exist.',
    fix: 'Turn app codes off first to set up a new app.',
  },
  E409141: {
    means: 'No app-code setup is in progress.',
    why: 'There is no unconfirmed setup, or a newer one (started elsewhere) replaced the one being confirmed.',
    fix: 'Start the setup again.',
  },
  E400150: {
    means: 'The passkey’s answer could not be read or verified.',
    why:
      'The browser’s answer is unreadable, belongs to the other ceremony (registering or signing in), or was refused ' +
      'by the full verification of a new passkey.',
    fix: 'Try again; if it keeps failing, try another browser or authenticator.',
  },
  E400151: {
    means: 'The passkey answer was made on another website, not on Lanyard.',
    why: 'The origin in the answer is not Lanyard’s own, as when a phishing site relays it (WA-01).',
    fix: 'Open Lanyard at its own address and try again.',
  },
  E400152: {
    means: 'The passkey belongs to another website.',
    why: 'The authenticator data names another relying party (its RP id hash is not Lanyard’s).',
    fix: 'Choose a passkey made for Lanyard.',
  },
  E400153: {
    means: 'The passkey request is unknown or was made for another step.',
    why: 'The challenge answered is unknown, or was issued for another purpose, account or pending sign-in.',
    fix: 'Start the passkey step again.',
  },
  E400154: {
    means: 'The passkey request was already used.',
    why: 'A challenge takes one answer; this one was answered before (a replay or a second submission).',
    fix: 'Start the passkey step again, and send its answer once.',
  },
  E400155: {
    means: 'The passkey request expired.',
    why: 'A challenge must be answered within 5 minutes.',
    fix: 'Start again and confirm on the device promptly.',
  },
  E400156: {
    means: 'The device did not confirm that it is the person (PIN, fingerprint or face).',
    why: 'The answer lacks the user-present or user-verified flag, and a passkey counts only with user verification.',
    fix: 'Try again and confirm on the device with its PIN, fingerprint or face.',
  },
  E401150: {
    means: 'The passkey is not recognised.',
    why:
      'No active account has it, it is not the expected account’s, its user handle is missing or another’s, or its ' +
      'signature does not verify; each answers alike, so nothing tells whose a passkey is.',
    fix: 'Sign in with the password; remove the passkey and add it again if needed.',
  },
  E401151: {
    means: 'The passkey’s signature counter went backwards, so it may have been copied.',
    why:
      'The counter sent is not above the one stored (an authenticator that keeps no counter sends 0 and passes), or ' +
      'a parallel use with a higher counter was recorded first.',
    fix: 'Sign in with the password, then remove this passkey and add it again.',
  },
  E401152: {
    means: 'The passkey was not accepted at the second step; the message says how many attempts are left.',
    why:
      'The passkey was refused (another account’s, removed, another site, no user verification, its counter or ' +
      'signature) and this counts toward the address’s lockout; a stale or reused request answers its own code.',
    fix: 'Try again with a passkey of this account, or use an app code.',
  },
  E403150: {
    means: 'Passkeys cannot be added for a portal user.',
    why:
      'Portal users sign in through their organisation’s portal, whose own sign-in security applies; a passkey here ' +
      'would be a way in around the portal.',
    fix: 'Use the sign-in security of the portal.',
  },
  E404150: {
    means: 'There is no such passkey on this account.',
    why:
      'The passkey to rename or remove is not this account’s (or was removed), or a passkey was asked for from an ' +
      'account that has none.',
    fix: 'Refresh the passkey list, or sign in another way.',
  },
  E409150: {
    means: 'The account already has 20 passkeys, the most it can hold.',
    why: 'A new passkey would pass the cap of 20 per account.',
    fix: 'Remove a passkey first.',
  },
  E409151: {
    means: 'This passkey is already registered.',
    why: 'A passkey with the same credential id is stored already, on this account or another.',
    fix: 'Nothing to add: use the passkey already registered.',
  },
  E404170: {
    means: 'The export was not found.',
    why: 'There is no such export, it is not this account’s, or it is neither ready nor being built.',
    fix: 'Start a new export in settings.',
  },
  E409170: {
    means: 'The export is still being built.',
    why: 'Its ZIP is not ready yet.',
    fix: 'Wait for the notification, then download it.',
  },
  E410170: {
    means: 'The export link has expired.',
    why: 'An export can be downloaded for seven days after it is ready; then its ZIP is removed.',
    fix: 'Start a new export in settings.',
  },
  E413171: {
    means: 'The archive is too large or looks like a zip bomb; nothing was imported.',
    why:
      'It lists over 20,000 entries, over 200 MiB unpacked, an entry over 8 MiB or compressed over 100:1, a badge ' +
      'file over its cap or badge files over 64 MiB in all, or an entry inflates past its declared size.',
    fix: 'Import the ZIP exactly as Lanyard exported it.',
  },
  E422171: {
    means: 'The archive contains a file name that points outside its folder; nothing was imported.',
    why:
      'An entry name is empty, absolute, over 255 characters, not UTF-8, or holds `..`, `.`, a backslash, a colon or ' +
      'a NUL (path traversal).',
    fix: 'Import the ZIP exactly as Lanyard exported it.',
  },
  E422172: {
    means: 'This is not a readable Lanyard export; nothing was imported.',
    why:
      'The upload is missing or no ZIP, or the ZIP is damaged (headers, sizes or CRC), encrypted, ZIP64, compressed ' +
      'with a method other than stored or deflate, or lists a name twice.',
    fix: 'Download the export again and import that file unchanged.',
  },
  E400180: {
    means: 'The database refused a development SQL statement; the message gives D1’s own reason.',
    why:
      'A statement sent to the development SQL endpoint (outside production only, with its token) failed: its ' +
      'syntax, a constraint, a missing table.',
    fix: 'Correct the statement and send it again.',
  },
  E410180: {
    means: 'The badge was revoked by its issuer, so its image and credential files are no longer given out.',
    why:
      'Downloads that carry its credential (baked image, JSON, OB 3.0, Blockcerts) are refused so that no one takes ' +
      'them for a valid badge; an imported badge found revoked by the nightly re-verification is refused alike.',
    fix:
      'Ask the issuer about the revocation; the badge stays on its owner’s page, and a badge issued here still ' +
      'prints its PDF, marked revoked.',
  },
  E410181: {
    means: 'The certificate was revoked by its issuer, so its PDF and blockchain certificate are no longer given out.',
    why: 'Both carry its credential, and are refused so that no one takes them for a valid certificate.',
    fix: 'Ask the issuer about the revocation; the certificate stays on its owner’s page.',
  },
};

/** The verifier's codes (src/server/verdict/codes.ts), in the order of `VerifyCode`. */
export const VERIFY_DOCS: Record<VerifyCode, ErrorDoc> = {
  E168: {
    means: 'The issuer could not be verified.',
    why:
      'The issuer profile is missing, unreadable, not at the id it declares or has no name (HV-20), a hosted badge ' +
      'lies outside the issuer’s verification rules or those are malformed (HV-21), or the signing key is unusable, ' +
      'not listed by the issuer or not its own. OB 3.0: a fragment key whose controller is not the issuer, a proof ' +
      'refused for its purpose or time, or a key that cannot check the VC-JWT (a private key, or one for another ' +
      'algorithm); Blockcerts: an unusable issuer profile, or one that did not list the anchoring key at that time.',
    fix:
      'Do not trust who the badge says issued it. If the report says it could not be verified now, try again later; ' +
      'otherwise ask the issuer to fix its profile or keys.',
  },
  E179: {
    means: 'The document was altered or damaged after it was signed: its signature no longer matches its contents.',
    why:
      'The signature (OB 2.0 JWS, OB 3.0 proof or VC-JWT) does not match the contents with the key it names (for OB ' +
      '2.0, after reading the key again), or a PDF’s attached signed credential no longer reads as one. Nothing the ' +
      'document says is then verified.',
    fix: 'Do not trust the badge; ask the issuer for a new copy.',
  },
  E169: {
    means: 'The credential names an issuer but was signed with a key that issuer does not publish or control.',
    why:
      'OB 3.0: the key that verified is not in the named issuer’s DID document, not its did:key, and not listed by ' +
      'its profile at its https id (a did:key or JWT header key of anyone’s, say), so the credential may be forged.',
    fix:
      'Do not trust the issuer named on it. If the issuer’s profile could not be reached, try again later; otherwise ' +
      'ask the issuer for a credential signed with its own key.',
  },
  E042: {
    means: 'The issue date is missing or not a valid date.',
    why:
      'The issue date (`issuedOn`; OB 3.0 `validFrom` or `issuanceDate`) is absent or not ISO 8601; OB 2.0 wants a ' +
      'date and time with a time zone.',
    fix: 'Ask the issuer for a corrected badge; until then this part of it is not verified.',
  },
  E043: {
    means: 'The issue date is in the future.',
    why: 'The issue date is more than five minutes ahead of the verifier’s clock, or a VC-JWT’s `nbf` is still ahead.',
    fix: 'If the badge was issued just now, verify it again shortly; otherwise ask the issuer for a corrected badge.',
  },
  E022: {
    means: 'The badge names no recipient.',
    why:
      'The recipient is missing, not an object, or has no identity; OB 3.0: the subject has neither an identifier ' +
      'nor an id.',
    fix: 'Ask the issuer for a badge that names its recipient; until then who it was awarded to is not verified.',
  },
  E023: {
    means: 'The recipient is hashed in an unknown form.',
    why: 'A hashed identity is not written as `algorithm$hex`.',
    fix: 'Ask the issuer for a corrected badge; until then this part of it is not verified.',
  },
  E024: {
    means: 'The recipient is hashed with an unsupported algorithm.',
    why: 'The hashed identity names an algorithm other than sha256 or md5.',
    fix: 'Ask the issuer for a badge hashed with sha256; until then who it was awarded to is not verified.',
  },
  E025: {
    means: 'The badge was not awarded to the address checked.',
    why:
      'None of the addresses checked (those given, or for a badge of this wallet its holder’s) is the recipient, ' +
      'plain or hashed with its salt.',
    fix: 'Check the address typed, or give the address the badge was sent to; otherwise it is not this person’s badge.',
  },
  E026: {
    means: 'The badge was awarded to an address that is not verified.',
    why:
      'Meant for an import to an address the account has but has not verified. The verifier checks verified ' +
      'addresses only, so such a badge reports E025 instead: this code is not raised.',
    fix: 'Verify the address in account settings, then import the badge.',
  },
  E027: {
    means: 'The recipient does not say what kind of identifier it is.',
    why: 'OB 2.0: the recipient’s `type` is missing or is not one identifier property (such as `email`).',
    fix: 'Ask the issuer for a corrected badge; until then this part of it is not verified.',
  },
  E028: {
    means: 'The recipient’s details are not in the right form.',
    why:
      'OB 2.0: `identity` is not text, `hashed` is missing or not a boolean, or `salt` is not text; OB 3.0: the ' +
      'subject’s `identifier` breaks the schema.',
    fix: 'Ask the issuer for a corrected badge; until then this part of it is not verified.',
  },
  E044: {
    means: 'The expiry date is not a valid date.',
    why:
      'An expiry date is given (`expires`; OB 3.0 `validUntil` or `expirationDate`) but is not ISO 8601; OB 2.0 ' +
      'wants a date and time with a time zone.',
    fix: 'Ask the issuer for a corrected badge; until then this part of it is not verified.',
  },
  E045: {
    means: 'The badge has expired.',
    why:
      'Its expiry date, or a VC-JWT’s `exp`, has passed. The rest is still checked and reported, and an expired ' +
      'badge can still be imported.',
    fix: 'If the other items pass, the badge is genuine but no longer current; ask the issuer about renewing it.',
  },
  E046: {
    means: 'The expiry date is before the issue date.',
    why: 'The badge’s two dates contradict each other.',
    fix: 'Ask the issuer for a corrected badge; until then this part of it is not verified.',
  },
  W001: {
    means: 'No address was given to check the recipient against.',
    why:
      'Nothing was typed and the badge is not one of this wallet’s whose holder is known, or the importing account ' +
      'has no verified address. A warning, yet it fails who the badge was awarded to; not reported beside E179.',
    fix: 'Give the recipient’s email address to check who the badge was awarded to.',
  },
  W002: {
    means: 'The recipient is not an email address and cannot be checked.',
    why:
      'The identity is of another kind (a URL or telephone number; OB 3.0: a subject known only by a DID or URL), ' +
      'and only email addresses can be matched. A warning, yet it fails who the badge was awarded to.',
    fix: 'Confirm the recipient another way, for example with the issuer.',
  },
  W003: {
    means: 'Signed, but with a key the credential names itself: the issuer’s name is the credential’s own claim.',
    why:
      'OB 3.0: the issuer is the did:key that signed it, or 1EdTech’s key in the issuer URL’s fragment with no ' +
      'profile at that URL, not a key the issuer publishes at its id. It fails no item.',
    fix:
      'The signature is valid, but treat the issuer’s name as unproven; confirm the issuer another way if it ' +
      'matters.',
  },
  W004: {
    means: 'The badge carries an extension this verifier cannot check; it was not judged.',
    why:
      'The extension’s context is not bundled here (contexts are never fetched, so the extension was left out of ' +
      'what was read), or no bundled schema validates its type. It fails no item.',
    fix: 'Nothing changes in the result; only that extension’s content is unverified.',
  },
  W005: {
    means: 'Verified with an outdated signature format (`eddsa-2022`, a draft of `eddsa-rdfc-2022`).',
    why:
      'OB 3.0: every proof that verified uses the draft name, as 1EdTech’s validator also warns; the algorithm is ' +
      'the same. It fails no item.',
    fix: 'The signature is valid; the issuer should move to `eddsa-rdfc-2022`.',
  },
  E171: {
    means: 'The issuer’s profile is not marked as an issuer profile.',
    why: 'OB 2.0: the profile’s `type` is missing or includes neither `Issuer` nor `Profile` (HV-22).',
    fix: 'Ask the issuer to fix its profile; until then the issuer is not verified.',
  },
  E172: {
    means: 'The issuer’s profile lacks a required detail (id, name, website or email address).',
    why: 'OB 2.0: the profile has no id, name, url or email (HV-22); OB 3.0: the credential names no issuer.',
    fix: 'Ask the issuer to complete its profile; until then the issuer is not verified.',
  },
  E173: {
    means: 'A detail of the issuer’s profile is not in the right form.',
    why:
      'A profile value has the wrong type (url not a URL, email not an address, image, publicKey or revocationList ' +
      'not an IRI, and so on); OB 3.0: the issuer part breaks the schema.',
    fix: 'Ask the issuer to fix its profile; until then the issuer is not verified.',
  },
  E174: {
    means: 'The issuer’s rules for where its badges may be hosted are malformed.',
    why:
      'The profile’s `verification` is not an object, a `startsWith` is not a URL, or an `allowedOrigins` is not a ' +
      'host name (one with a port, say) (HV-21). Malformed rules allow nothing.',
    fix: 'Ask the issuer to fix its verification rules; until then its hosted badges do not verify.',
  },
  E175: {
    means: 'The issuer’s signing key document is malformed.',
    why:
      'A signed badge’s CryptographicKey is not typed as one, its `owner` is not an IRI, or its `publicKeyPem` is ' +
      'not text.',
    fix: 'Ask the issuer to fix its key document; until then the issuer is not verified.',
  },
  E176: {
    means: 'The issuer’s revocation list is malformed.',
    why:
      'OB 2.0: the RevocationList is not typed as one, or lists its revoked assertions as neither IRIs nor objects ' +
      'with an id; OB 3.0: a `credentialStatus` entry or its list is malformed, or the list is not signed by the ' +
      'credential’s issuer.',
    fix: 'Whether it was revoked cannot be told: do not rely on the badge until the issuer fixes its list.',
  },
  E981: {
    means: 'The badge data is not marked as an awarded badge (Assertion).',
    why: 'OB 2.0: the assertion’s `type` is missing or does not include `Assertion` (HV-22).',
    fix: 'Ask the issuer for a corrected badge; until then it is not verified.',
  },
  E982: {
    means: 'A detail of the awarded badge is missing or not in the right form.',
    why:
      'OB 2.0: an assertion property (id, badge, image, evidence, narrative, revoked...) is missing where required ' +
      'or of the wrong type; type, dates, recipient and verification have codes of their own.',
    fix: 'Ask the issuer for a corrected badge; until then it is not verified.',
  },
  E983: {
    means: 'The badge’s verification method is missing or does not match how the badge was delivered.',
    why:
      'The assertion’s `verification` is missing or mistyped (neither HostedBadge nor SignedBadge, or `creator` not ' +
      'an IRI), or a badge given as a JWS does not say SignedBadge.',
    fix: 'Ask the issuer for a corrected badge; until then it is not verified.',
  },
  E984: {
    means: 'The awarded badge’s image is embedded data where a web address is required.',
    why: 'OB 2.0: the assertion’s `image` is a `data:` URI; the standard keeps the image in the badge class.',
    fix: 'Ask the issuer for a corrected badge; until then it is not verified.',
  },
  E985: {
    means: 'The badge description is not marked as a badge class.',
    why: 'OB 2.0: the badge class’s `type` is missing or does not include `BadgeClass` (HV-22).',
    fix: 'Ask the issuer for a corrected badge; until then it is not verified.',
  },
  E986: {
    means: 'The badge description lacks a required detail (id, name, description, image, criteria or issuer).',
    why: 'OB 2.0: the badge class has no id, name, description, image, criteria or issuer.',
    fix: 'Ask the issuer for a corrected badge; until then it is not verified.',
  },
  E987: {
    means: 'A detail of the badge description is not in the right form.',
    why:
      'OB 2.0: a badge class value has the wrong type (criteria, alignment, tags, image...), embedded nodes ' +
      'included.',
    fix: 'Ask the issuer for a corrected badge; until then it is not verified.',
  },
  E988: {
    means: 'An extension in the badge does not match its published schema.',
    why:
      'OB 2.0: an extension of the assertion, its badge class or its issuer profile breaks the JSON schema its ' +
      'bundled context declares for it.',
    fix: 'Ask the issuer for a corrected badge; until then it is not verified.',
  },
  E177: {
    means: 'The key that signed this credential could not be found.',
    why:
      'OB 3.0: the verification method is not a URI, has an unknown scheme or DID method, is not listed for ' +
      'assertions by its DID document, or is no usable key (a VC-JWT: no key found for it). A DID document out of ' +
      'reach means could not verify now, not invalid.',
    fix:
      'If the report says it could not be verified now, try again later; otherwise do not trust it and ask the ' +
      'issuer.',
  },
  E978: {
    means: 'The signed token’s details do not match the credential it carries.',
    why:
      'OB 3.0 VC-JWT: a registered claim (iss, sub, jti, nbf, exp) disagrees with the credential, or the key in its ' +
      'header carries a private part.',
    fix: 'Do not trust the badge; ask the issuer for a new copy.',
  },
  E980: {
    means: 'This Open Badges 3.0 credential is not well formed, or uses definitions that cannot be checked here.',
    why:
      'It breaks the data model: the VC context not first, no OB 3.0 context or an unbundled one, a wrong type, a ' +
      'term no context defines, a JSON Schema violation, a `credentialSchema` not bundled here (could not verify), ' +
      'more than eight proofs, or a VC-JWT with no credential inside.',
    fix: 'Ask the issuer for a credential that follows Open Badges 3.0; do not trust this one.',
  },
  E991: {
    means: 'This Open Badges 3.0 credential has no signature this verifier can check.',
    why:
      'It has no proof, a malformed one, or only suites not read here (ecdsa-rdfc-2019, JWS 2020), or it is a VC-JWT ' +
      'signed with an algorithm other than RS256, ES256 or EdDSA.',
    fix:
      'Ask the issuer for a copy with a supported proof (`eddsa-rdfc-2022`, `ecdsa-sd-2023`, `Ed25519Signature2020`) ' +
      'or a VC-JWT in RS256, ES256 or EdDSA.',
  },
  E992: {
    means: 'This is a Blockcerts certificate, which cannot be verified here yet.',
    why: 'It was given as a JWS, or is anchored only on a chain other than Ethereum (Bitcoin, say).',
    fix:
      'Verify it with a Blockcerts verifier that reads it, or ask the issuer for a copy as JSON anchored on ' +
      'Ethereum.',
  },
  E993: {
    means: 'This is not a badge: no Open Badges data was found.',
    why: 'The JSON given, or found at the URL, is in no format known here, or the URL answered with a page, not JSON.',
    fix: 'Give the badge itself: its baked image, its credential, or its hosted assertion’s URL.',
  },
  E989: {
    means: 'The blockchain transaction of this Blockcerts certificate records a different certificate batch.',
    why: 'Blockcerts: the anchoring transaction holds another Merkle root than the certificate’s proof.',
    fix: 'Do not trust the certificate; ask the issuer for a new copy.',
  },
  E990: {
    means: 'This Blockcerts certificate uses a proof or hash algorithm that is not supported.',
    why:
      'Its proof is not a SHA-256 MerkleProof2017 or MerkleProof2019, or it names a JSON-LD context not bundled ' +
      'here, so it cannot be hashed.',
    fix: 'It cannot be verified here: use another Blockcerts verifier, or ask the issuer.',
  },
  E994: {
    means: 'This Blockcerts certificate was not recorded on a real blockchain (test mode), so it is not valid.',
    why: 'Its only anchor is a mock chain (mocknet or mockchain), which anchors nothing: never valid.',
    fix: 'Do not trust the certificate; ask the issuer for one anchored on a real chain.',
  },
  E995: {
    means: 'The blockchain transaction of this Blockcerts certificate was not found.',
    why: 'The node of its network does not know the anchoring transaction, or it is not mined yet.',
    fix: 'If the certificate is new, verify it again later; otherwise do not trust it.',
  },
  E996: {
    means: 'The Merkle proof of this Blockcerts certificate does not lead to the recorded batch.',
    why: 'The Merkle path does not lead from the certificate’s hash to the proof’s Merkle root.',
    fix: 'Do not trust the certificate; ask the issuer for a new copy.',
  },
  E997: {
    means: 'This Blockcerts certificate was changed after it was issued: its fingerprint does not match.',
    why:
      'Its hash is not the one its proof anchors: its content changed, or it uses terms no bundled context defines ' +
      '(they would drop out of the hash).',
    fix: 'Do not trust the certificate; ask the issuer for a new copy.',
  },
  E970: {
    means: 'The learner record (CLR 2.0) is too large to check here.',
    why:
      'It holds more than 300 nested credentials, 1,000 achievements or 2,000 associations (CLR_LIMITS, ' +
      '`clr/verify/bounds.ts`). They are counted right after the JSON is read, before any JSON-LD, schema or ' +
      'proof work, so a record of 10,000 credentials costs one count. It fails all four items.',
    fix: 'Ask the issuer for a smaller record, or verify the credentials it holds one by one.',
  },
  E971: {
    means: 'A nested entry of a learner record is itself a learner record; it is listed, not followed.',
    why:
      'Only a nested credential’s own verdict carries this code (report `clr.nested`). The CLR 2.0 specification ' +
      'sets no depth; verifying one level bounds the work a record can ask for, as 1EdTech’s validator also ' +
      'follows none.',
    fix: 'Verify the inner record on its own.',
  },
  E972: {
    means: 'A nested credential of a learner record has an id that came earlier in the same record.',
    why:
      'Only a nested credential’s own verdict carries this code. The same credential twice is one credential: it is ' +
      'verified the first time and not again, which also bounds the work.',
    fix: 'Nothing to do as a verifier; the issuer should list each credential once.',
  },
  E973: {
    means: 'A nested entry of a learner record is not an Open Badges 3.0 credential, so it was not checked.',
    why:
      'Only a nested credential’s own verdict carries this code. Nested entries are verified with the Open Badges ' +
      '3.0 steps; another type (or something that is neither a credential object nor a readable VC-JWT) has no ' +
      'steps here.',
    fix: 'Verify that credential with a tool that reads its format.',
  },
  E974: {
    means: 'A credential nested in a learner record is awarded to someone else than the record’s learner.',
    why:
      'Only a nested credential’s own verdict carries this code. Its subject is neither the record’s subject ' +
      '(the same id or identifier entry) nor the address the record’s recipient step verified. A genuine ' +
      'credential of another person wrapped into a record says nothing about this learner.',
    fix: 'Do not count that credential as the learner’s; ask the record’s issuer.',
  },
  W006: {
    means: 'Some credentials nested in the learner record do not hold.',
    why:
      'Each nested credential is verified on its own and listed with its own verdict and codes (`clr.nested`). The ' +
      'record itself is judged by its own proof, issuer, dates, recipient and status (issue 38), so this fails no ' +
      'item: it says that the record contains credentials that are not verified.',
    fix: 'Read the list: trust a nested credential only where it says verified.',
  },
  W007: {
    means: 'Some credentials nested in the learner record could not be checked now.',
    why:
      'Something a nested credential needs (its issuer’s key or status list) did not answer, and no nested ' +
      'credential failed outright. It fails no item of the record.',
    fix: 'Try again later.',
  },
  W008: {
    means: 'The learner record’s associations name things it does not hold, or an achievement id is written twice.',
    why:
      'An association’s sourceId or targetId is no achievement or credential of the record, or two achievements ' +
      'share one id. They are shown as written; 1EdTech’s validator lets the same pass. It fails no item.',
    fix: 'Nothing to do as a verifier; the issuer should correct the record.',
  },
  W009: {
    means: 'The learner record names 1EdTech’s CLR 2.0 JSON Schema, which is not bundled here.',
    why:
      'Schemas are never fetched. In its place the record’s structure was checked by Lanyard’s own rules of the ' +
      'CLR data model (checkClrRecord: a name, an issuer Profile, one ClrSubject, OB 3.0 Achievements, typed ' +
      'associations). It fails no item; it says that conformance to the published schema file was not proven.',
    fix: 'Nothing to do; a validator with the published schema can check that part.',
  },
  E999: {
    means: 'The badge could not be verified.',
    why:
      'It is revoked (the report says so, with any reason), it or its badge class was not found, it is not a ' +
      'readable Open Badge (a signed 1.x badge included) or not at the address it names, the outbound guard refused ' +
      'its address, or something it needs cannot be reached now. `verify_state` tells invalid from could not verify ' +
      'now.',
    fix:
      'If it could not be verified now, try again later; if it is revoked or invalid, do not trust it and ask the ' +
      'issuer.',
  },
};
