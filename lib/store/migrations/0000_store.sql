CREATE TABLE "positions" (
	"read_id" bigint NOT NULL,
	"ordinal" integer NOT NULL,
	"fund_id" text NOT NULL,
	"investor_id" text NOT NULL,
	"name" text NOT NULL,
	"email" text,
	"tax_key" text,
	"commitment_amount" numeric,
	"contributed_amount" numeric,
	"unfunded_commitment_amount" numeric,
	"total_received" numeric,
	"total_capital_due" numeric,
	"life_distributions" numeric,
	"net_asset_value" numeric,
	"ownership_percent" numeric,
	"management_fee_amount" numeric,
	"expense_reserve_amount" numeric,
	"record" jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "read_failures" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"fund_id" text,
	"at" timestamp with time zone NOT NULL,
	"status" integer NOT NULL,
	"message" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "read_sightings" (
	"read_id" bigint NOT NULL,
	"seen_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "reads" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"fund_id" text,
	"digest" text NOT NULL,
	"read_at" timestamp with time zone NOT NULL,
	"last_seen_at" timestamp with time zone NOT NULL,
	"record" jsonb,
	"total_commitments" numeric,
	"total_contributed" numeric,
	"total_received" numeric,
	"investor_count" integer
);
--> statement-breakpoint
ALTER TABLE "positions" ADD CONSTRAINT "positions_read_id_reads_id_fk" FOREIGN KEY ("read_id") REFERENCES "public"."reads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "read_sightings" ADD CONSTRAINT "read_sightings_read_id_reads_id_fk" FOREIGN KEY ("read_id") REFERENCES "public"."reads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "positions_read" ON "positions" USING btree ("read_id","ordinal");--> statement-breakpoint
CREATE INDEX "positions_email" ON "positions" USING btree ("email");--> statement-breakpoint
CREATE INDEX "positions_tax_key" ON "positions" USING btree ("tax_key");--> statement-breakpoint
CREATE INDEX "positions_fund_investor" ON "positions" USING btree ("fund_id","investor_id");--> statement-breakpoint
CREATE INDEX "read_sightings_read" ON "read_sightings" USING btree ("read_id");--> statement-breakpoint
CREATE INDEX "reads_kind_fund_read_at" ON "reads" USING btree ("kind","fund_id","read_at" DESC NULLS LAST);