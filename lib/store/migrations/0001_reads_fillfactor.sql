-- An unchanged read only moves reads.last_seen_at (not indexed): room left in each page lets PostgreSQL update the
-- row in place (a HOT update, its old version pruned on the page) instead of growing the table by a copy of the row.
ALTER TABLE "reads" SET (fillfactor = 50);
