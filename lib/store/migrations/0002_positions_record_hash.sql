-- Two reads are compared on their records' hashes (equal jsonb hashes alike), so a 50,000-investor read is joined
-- without its records, and only the positions that differ are read whole (lib/store/server/changes.ts).
ALTER TABLE "positions" ADD COLUMN "record_hash" bigint GENERATED ALWAYS AS (jsonb_hash_extended(record, 0)) STORED NOT NULL;