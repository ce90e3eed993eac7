-- Alerts (issue 30): who asked to be told what, the events made from kept reads (in the read's own transaction),
-- each fund's conditions, the daily digests, and the outbox every delivery goes through, exactly once per
-- (subscription, item, channel), claimed with a lease (FOR UPDATE SKIP LOCKED) by any instance.

-- The people alerts are sent to, with what the dashboard last knew of them: how they sign in, and (single sign-on,
-- the proxy) their groups, re-evaluated against the rules when each alert is sent.
CREATE TABLE "alert_people" (
	"email" text PRIMARY KEY NOT NULL,
	"name" text,
	"method" text NOT NULL,
	"groups" jsonb,
	"seen_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
-- One subscription: what (kinds), where (every fund in scope, one fund, one investor), how (email, a webhook whose
-- URL and secrets are sealed), when (at once, or the owner's daily digest). A team's is an admin's shared webhook.
CREATE TABLE "alert_subscriptions" (
	"id" text PRIMARY KEY NOT NULL,
	"owner_email" text NOT NULL,
	"team" boolean DEFAULT false NOT NULL,
	"label" text,
	"kinds" text[] NOT NULL,
	"source" text,
	"fund_id" text,
	"investor_id" text,
	"email" boolean NOT NULL,
	"webhook_url_sealed" text,
	"webhook_url_masked" text,
	"webhook_format" text,
	"webhook_secret_sealed" text,
	"webhook_previous_secret_sealed" text,
	"webhook_previous_until" timestamp with time zone,
	"webhook_disabled_at" timestamp with time zone,
	"webhook_disabled_reason" text,
	"digest_hour" integer,
	"digest_zone" text,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "alert_subscriptions_owner" ON "alert_subscriptions" USING btree ("owner_email");
--> statement-breakpoint
-- A change between two kept reads of a fund (one investor, one kind), or a condition's change of state: its id is a
-- hash of what it is, so the same change is one event however many times it is worked out.
CREATE TABLE "alert_events" (
	"id" text PRIMARY KEY NOT NULL,
	"fund_key" text NOT NULL,
	"source" text NOT NULL,
	"fund_id" text NOT NULL,
	"investor_id" text,
	"kind" text NOT NULL,
	"before_read_id" bigint,
	"after_read_id" bigint,
	"at" timestamp with time zone NOT NULL,
	"detail" jsonb NOT NULL,
	"fanned_out" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE INDEX "alert_events_pending" ON "alert_events" USING btree ("at") WHERE NOT "fanned_out";
--> statement-breakpoint
CREATE INDEX "alert_events_at" ON "alert_events" USING btree ("at");
--> statement-breakpoint
-- Each fund's conditions (overdue, ties out): the state two reads in a row agreed on, one seen once since, and when
-- the open state was last told (an event, or the daily reminder).
CREATE TABLE "alert_conditions" (
	"fund_key" text NOT NULL,
	"condition" text NOT NULL,
	"source" text NOT NULL,
	"fund_id" text NOT NULL,
	"state" boolean,
	"pending" boolean,
	"opened_at" timestamp with time zone,
	"fired_at" timestamp with time zone,
	"last_read_id" bigint,
	"detail" jsonb,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "alert_conditions_pk" PRIMARY KEY ("fund_key", "condition")
);
--> statement-breakpoint
-- One digest per owner (a person, or a team's subscription) per local date: two schedulers, or a day of 23 or 25
-- hours, never make two.
CREATE TABLE "alert_digests" (
	"id" text PRIMARY KEY NOT NULL,
	"owner" text NOT NULL,
	"local_date" date NOT NULL,
	"time_zone" text NOT NULL,
	"window_start" timestamp with time zone NOT NULL,
	"window_end" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "alert_digests_owner_date" UNIQUE ("owner", "local_date")
);
--> statement-breakpoint
-- Every delivery: an event, a digest or a notice to a subscription's owner, by one channel, exactly once. A row is
-- claimed with a lease; one whose lease ran out (its instance died) is claimed again.
CREATE TABLE "alert_outbox" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"subscription_id" text NOT NULL REFERENCES "alert_subscriptions" ("id") ON DELETE CASCADE,
	"item" text NOT NULL,
	"item_kind" text NOT NULL,
	"channel" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_at" timestamp with time zone NOT NULL,
	"lease_until" timestamp with time zone,
	"leased_by" text,
	"last_status" integer,
	"last_error" text,
	"delivered_at" timestamp with time zone,
	"detail" jsonb,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "alert_outbox_once" UNIQUE ("subscription_id", "item", "channel")
);
--> statement-breakpoint
CREATE INDEX "alert_outbox_due" ON "alert_outbox" USING btree ("next_at") WHERE "status" IN ('pending', 'sending');
--> statement-breakpoint
CREATE INDEX "alert_outbox_created" ON "alert_outbox" USING btree ("created_at");
--> statement-breakpoint
-- Each attempt of a delivery, for the delivery log: when, how it ended, the status answered, how long it took.
CREATE TABLE "alert_attempts" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"outbox_id" bigint NOT NULL REFERENCES "alert_outbox" ("id") ON DELETE CASCADE,
	"attempt" integer NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"outcome" text NOT NULL,
	"status" integer,
	"detail" text,
	"ms" integer
);
--> statement-breakpoint
CREATE INDEX "alert_attempts_outbox" ON "alert_attempts" USING btree ("outbox_id");
