-- Each investor list's positions as one compressed text per read: a start reads one row per fund, not every record
-- (lib/fund-reads/server/position-summary.ts); null for reads written before it, read back from their rows.
ALTER TABLE "reads" ADD COLUMN "summary" text;