-- Capital outstanding's default order (overdue first, then the rest, each the largest first) walks this index in
-- two parts: every column in the order's own direction.
DROP INDEX "org_positions_outstanding";--> statement-breakpoint
CREATE INDEX "org_positions_outstanding" ON "org_positions" USING btree ("outstanding" DESC NULLS FIRST,"fund" DESC NULLS FIRST,"ordinal" DESC NULLS FIRST) WHERE "org_positions"."outstanding" is not null;