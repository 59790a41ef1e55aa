-- Issue 21, holding Open Badges 3.0: each embedded endorsement's own verification, as the import
-- (and then each nightly re-verification) found it, kept with the badge so its pages say "verified"
-- only for endorsements that verified. A JSON array of {id, name, state} in the verifier's order
-- (credential, achievement, issuer; at most ten are checked). Null: not an OB 3.0 badge, or one
-- imported before this column; its pages then call every endorsement "not checked" until the next
-- re-verification fills it. Hand-written; the drizzle schema is src/server/db/schema/wallet.ts.
ALTER TABLE `host_assertions` ADD `endorsements_json` text;
