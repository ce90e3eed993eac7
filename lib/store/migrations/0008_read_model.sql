-- The read model (issue 42): what every organization-wide view queries, kept true in each read's transaction.
-- Searches match by substring through trigrams (pg_trgm, which PGlite ships too); sort keys compare byte by byte
-- (COLLATE "C") so PostgreSQL and PGlite order alike whatever the cluster's locale.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE TABLE "org_funds" (
	"id" serial PRIMARY KEY NOT NULL,
	"fund_key" text NOT NULL,
	"fingerprint" text NOT NULL,
	"fund_id" text NOT NULL,
	"listed" boolean DEFAULT false NOT NULL,
	"ordinal" integer,
	"name" text,
	"name_sort" text COLLATE "C",
	"search" text,
	"organization" text,
	"organization_key" text,
	"figures" jsonb,
	"total_commitments" numeric,
	"total_contributed" numeric,
	"total_received" numeric,
	"target_size" numeric,
	"capital_due_day" date,
	"status" text DEFAULT 'pending' NOT NULL,
	"read_id" bigint,
	"digest" text,
	"read_at" timestamp with time zone,
	"tried_at" timestamp with time zone,
	"failure_status" integer,
	"failure_message" text,
	"positions" integer DEFAULT 0 NOT NULL,
	"sum_commitment" numeric,
	"sum_contributed" numeric,
	"sum_unfunded" numeric,
	"sum_distributions" numeric,
	"sum_nav" numeric,
	"sum_received" numeric,
	"sum_ownership" numeric,
	"ownership_count" integer DEFAULT 0 NOT NULL,
	"sum_outstanding" numeric,
	"owing" integer DEFAULT 0 NOT NULL,
	"due_differs" jsonb,
	"unfunded_differs" integer DEFAULT 0 NOT NULL,
	"widths" jsonb
);
--> statement-breakpoint
CREATE TABLE "org_investor_types" (
	"investor_type" text PRIMARY KEY NOT NULL,
	"count" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "org_investors" (
	"key" text PRIMARY KEY NOT NULL,
	"id" bigserial NOT NULL,
	"matched_by" text NOT NULL,
	"name" text NOT NULL,
	"name_sort" text COLLATE "C" NOT NULL,
	"email" text,
	"email_key" text COLLATE "C",
	"investor_type" text COLLATE "C" NOT NULL,
	"funds" integer NOT NULL,
	"commitment_amount" numeric,
	"contributed_amount" numeric,
	"unfunded_commitment_amount" numeric,
	"life_distributions" numeric,
	"net_asset_value" numeric,
	"search" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "org_positions" (
	"fund" integer NOT NULL,
	"ordinal" integer NOT NULL,
	"investor_id" text NOT NULL,
	"name" text NOT NULL,
	"name_sort" text COLLATE "C" NOT NULL,
	"email" text,
	"email_key" text,
	"tax_key" text,
	"investor_type" text NOT NULL,
	"invited" timestamp with time zone,
	"search" text NOT NULL,
	"email_group" text,
	"group_key" text NOT NULL,
	"commitment_amount" numeric,
	"contributed_amount" numeric,
	"unfunded_commitment_amount" numeric,
	"life_distributions" numeric,
	"net_asset_value" numeric,
	"total_capital_due" numeric,
	"total_received" numeric,
	"ownership_percent" numeric,
	"management_fee_amount" numeric,
	"expense_reserve_amount" numeric,
	"outstanding" numeric,
	CONSTRAINT "org_positions_fund_ordinal_pk" PRIMARY KEY("fund","ordinal")
);
--> statement-breakpoint
CREATE TABLE "org_sources" (
	"fingerprint" text PRIMARY KEY NOT NULL,
	"round_started_at" timestamp with time zone,
	"round_ended_at" timestamp with time zone,
	"list_failure" text,
	"list_failure_status" integer
);
--> statement-breakpoint
DROP INDEX "positions_email";--> statement-breakpoint
DROP INDEX "positions_tax_key";--> statement-breakpoint
DROP INDEX "positions_fund_investor";--> statement-breakpoint
ALTER TABLE "org_positions" ADD CONSTRAINT "org_positions_fund_org_funds_id_fk" FOREIGN KEY ("fund") REFERENCES "public"."org_funds"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "org_funds_key" ON "org_funds" USING btree ("fund_key");--> statement-breakpoint
CREATE INDEX "org_funds_source" ON "org_funds" USING btree ("fingerprint","ordinal");--> statement-breakpoint
CREATE INDEX "org_investors_search" ON "org_investors" USING gin ("search" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "org_investors_name" ON "org_investors" USING btree ("name_sort","id");--> statement-breakpoint
CREATE INDEX "org_investors_email" ON "org_investors" USING btree ("email_key","id");--> statement-breakpoint
CREATE INDEX "org_investors_type" ON "org_investors" USING btree ("investor_type","name_sort","id");--> statement-breakpoint
CREATE INDEX "org_investors_funds" ON "org_investors" USING btree ("funds","name_sort","id");--> statement-breakpoint
CREATE INDEX "org_investors_commitment" ON "org_investors" USING btree ("commitment_amount","id");--> statement-breakpoint
CREATE INDEX "org_investors_contributed" ON "org_investors" USING btree ("contributed_amount","id");--> statement-breakpoint
CREATE INDEX "org_investors_unfunded" ON "org_investors" USING btree ("unfunded_commitment_amount","id");--> statement-breakpoint
CREATE INDEX "org_investors_distributions" ON "org_investors" USING btree ("life_distributions","id");--> statement-breakpoint
CREATE INDEX "org_investors_nav" ON "org_investors" USING btree ("net_asset_value","id");--> statement-breakpoint
CREATE INDEX "org_positions_group" ON "org_positions" USING btree ("group_key");--> statement-breakpoint
CREATE INDEX "org_positions_email" ON "org_positions" USING btree ("email_key");--> statement-breakpoint
CREATE INDEX "org_positions_email_group" ON "org_positions" USING btree ("email_group") WHERE "org_positions"."tax_key" is null;--> statement-breakpoint
CREATE INDEX "org_positions_outstanding" ON "org_positions" USING btree ("outstanding" DESC NULLS LAST,"fund","ordinal") WHERE "org_positions"."outstanding" is not null;--> statement-breakpoint
CREATE INDEX "positions_read_investor" ON "positions" USING btree ("read_id","investor_id");--> statement-breakpoint
ALTER TABLE "positions" DROP COLUMN "fund_id";--> statement-breakpoint
ALTER TABLE "reads" DROP COLUMN "summary";--> statement-breakpoint
-- A fund's row is updated with each read of its list: room on its page lets the update stay in place (HOT).
ALTER TABLE "org_funds" SET (fillfactor = 50);