-- Each position's record packed by the app (deflate with a dictionary, lib/store/server/packed-record.ts): as jsonb a
-- record (~1.5 KB) stayed under the 2 KB threshold at which PostgreSQL compresses, 2.8 KB of store a position. Rows
-- written before keep their jsonb and its hash; new rows carry packed, and the hash of their record from the app.
ALTER TABLE "positions" ALTER COLUMN "record" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "positions" ALTER COLUMN "record_hash" DROP EXPRESSION;--> statement-breakpoint
ALTER TABLE "positions" ADD COLUMN "packed" "bytea";