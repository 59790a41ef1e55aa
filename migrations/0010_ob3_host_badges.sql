-- Issue 21, holding Open Badges 3.0: an imported badge says which standard it came in, and keeps the
-- credential exactly as it was received (the JSON text or the compact VC-JWT), so the nightly
-- re-verification and the public verify page check the credential itself, not our stored reading
-- of it. Hand-written; the drizzle schema is src/server/db/schema/wallet.ts (hostAssertions).
ALTER TABLE `host_assertions` ADD `format` text DEFAULT 'ob2' NOT NULL;--> statement-breakpoint
ALTER TABLE `host_assertions` ADD `raw_credential` text;--> statement-breakpoint
-- Blockcerts credentials (issue 19) were stored whole as assertion_json; their @context names the
-- Blockcerts context (verify/format.ts tells them apart the same way). OB 2.0 rows stay 'ob2'.
-- raw_credential stays null for old rows: assertion_json is our copy with unsafe links nulled, not
-- the credential as received.
UPDATE `host_assertions` SET `format` = 'blockcerts'
WHERE json_valid(`assertion_json`)
  AND (json_extract(`assertion_json`, '$."@context"') LIKE '%w3id.org/blockcerts/%'
    OR json_extract(`assertion_json`, '$."@context"') LIKE '%www.blockcerts.org/schema/%');
