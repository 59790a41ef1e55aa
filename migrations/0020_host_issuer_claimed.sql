-- Issue 33, item 1: whether an imported badge's issuer is only the credential's own claim. An OB 3.0
-- credential signed by a key that is the issuer's id itself (a did:key issuer, or 1EdTech's key in
-- the issuer URL's fragment with no profile there: verifier warning W003) names an issuer nothing
-- proves; its pages say so beside the name instead of showing it as verified. Set by the import and
-- by each nightly re-verification. OB 3.0 rows imported before this migration were judged by the
-- older rule, which let a key that is not the issuer's pass (now E169): they count as claimed, and
-- are due for re-verification at once (verified_at 0), so that the next nightly run judges them by
-- the new rule instead of up to a week later.
-- Hand-written; the drizzle schema is src/server/db/schema/wallet.ts.
ALTER TABLE `host_assertions` ADD `issuer_claimed` integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
UPDATE `host_assertions` SET `issuer_claimed` = 1, `verified_at` = 0 WHERE `format` = 'ob3';
