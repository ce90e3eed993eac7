-- Working as a team (issue 45): notes and follow-ups on funds and investors (with each edited note's earlier texts),
-- each position's next follow-up (kept with every note's write, for capital outstanding's column), and saved views of
-- the table pages with each person's default. Funds are named by their store key, as the read model's fund_key.
CREATE TABLE "follow_up_next" (
	"fund_key" text NOT NULL,
	"investor_id" text NOT NULL,
	"note_id" text NOT NULL,
	"assignee" text NOT NULL,
	"assignee_name" text,
	"due" date NOT NULL,
	"state" text NOT NULL,
	CONSTRAINT "follow_up_next_fund_key_investor_id_pk" PRIMARY KEY("fund_key","investor_id")
);
--> statement-breakpoint
CREATE TABLE "note_edits" (
	"note_id" text NOT NULL,
	"version" integer NOT NULL,
	"text" text NOT NULL,
	"written_at" timestamp with time zone NOT NULL,
	CONSTRAINT "note_edits_note_id_version_pk" PRIMARY KEY("note_id","version")
);
--> statement-breakpoint
CREATE TABLE "notes" (
	"id" text PRIMARY KEY NOT NULL,
	"fund_key" text NOT NULL,
	"investor_id" text,
	"investor_name" text,
	"text" text NOT NULL,
	"author" text NOT NULL,
	"author_name" text,
	"created_at" timestamp with time zone NOT NULL,
	"edited_at" timestamp with time zone,
	"version" integer DEFAULT 1 NOT NULL,
	"assignee" text,
	"assignee_name" text,
	"due" date,
	"state" text
);
--> statement-breakpoint
CREATE TABLE "saved_views" (
	"id" text PRIMARY KEY NOT NULL,
	"owner" text NOT NULL,
	"owner_name" text,
	"page" text NOT NULL,
	"name" text NOT NULL,
	"query" text NOT NULL,
	"shared" boolean NOT NULL,
	"fund_keys" text[] NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "view_defaults" (
	"person" text NOT NULL,
	"page" text NOT NULL,
	"view_id" text NOT NULL,
	CONSTRAINT "view_defaults_person_page_pk" PRIMARY KEY("person","page")
);
--> statement-breakpoint
ALTER TABLE "note_edits" ADD CONSTRAINT "note_edits_note_id_notes_id_fk" FOREIGN KEY ("note_id") REFERENCES "public"."notes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "view_defaults" ADD CONSTRAINT "view_defaults_view_id_saved_views_id_fk" FOREIGN KEY ("view_id") REFERENCES "public"."saved_views"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "notes_about" ON "notes" USING btree ("fund_key","investor_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "notes_assignee" ON "notes" USING btree ("assignee","due") WHERE "notes"."state" is not null;--> statement-breakpoint
CREATE INDEX "saved_views_page" ON "saved_views" USING btree ("page","owner");