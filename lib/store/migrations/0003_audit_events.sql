CREATE TABLE "audit_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"actor" text NOT NULL,
	"method" text NOT NULL,
	"action" text NOT NULL,
	"outcome" text NOT NULL,
	"source" text,
	"organization" text,
	"fund_id" text,
	"investor_id" text,
	"request_id" text,
	"client_address" text,
	"detail" text,
	"prev_hash" text NOT NULL,
	"hash" text NOT NULL
);
--> statement-breakpoint
CREATE INDEX "audit_events_at" ON "audit_events" USING btree ("at");--> statement-breakpoint
CREATE INDEX "audit_events_fund" ON "audit_events" USING btree ("fund_id");--> statement-breakpoint
-- Append-only (issue 28): UPDATE and TRUNCATE are refused always, DELETE unless audit_prune issued it, its frame on
-- the call stack. A temporary function of that name shows schema-qualified and does not pass; one in another schema
-- needs CREATE on a schema, which the server's role has none of (docs/audit.md).
CREATE FUNCTION audit_events_append_only() RETURNS trigger
LANGUAGE plpgsql SET search_path = pg_catalog AS $$
DECLARE
  stack text;
BEGIN
  IF TG_OP = 'DELETE' THEN
    GET DIAGNOSTICS stack = PG_CONTEXT;
    IF position(E'\nPL/pgSQL function audit_prune(timestamp with time zone) line ' IN E'\n' || stack) > 0 THEN
      RETURN OLD;
    END IF;
  END IF;
  RAISE EXCEPTION 'The audit trail is append-only: % on audit_events is refused.', TG_OP
    USING ERRCODE = 'insufficient_privilege';
END
$$;
--> statement-breakpoint
CREATE TRIGGER audit_events_append_only BEFORE UPDATE OR DELETE ON audit_events
  FOR EACH ROW EXECUTE FUNCTION audit_events_append_only();
--> statement-breakpoint
CREATE TRIGGER audit_events_no_truncate BEFORE TRUNCATE ON audit_events
  FOR EACH STATEMENT EXECUTE FUNCTION audit_events_append_only();
--> statement-breakpoint
-- Retention, the one way rows leave: the oldest rows up to the first one at or after `before` (a prefix of the chain,
-- so what stays still links), never anything younger than a day; the count removed. SECURITY DEFINER: a server
-- role that may not DELETE runs it as the table's owner.
CREATE FUNCTION audit_prune(before timestamptz) RETURNS bigint
LANGUAGE plpgsql SECURITY DEFINER SET search_path FROM CURRENT AS $$
DECLARE
  removed bigint;
BEGIN
  IF before IS NULL OR before > now() - interval '1 day' THEN
    RAISE EXCEPTION 'audit_prune keeps every row of the last day (asked for rows before %).', before
      USING ERRCODE = 'invalid_parameter_value';
  END IF;
  DELETE FROM audit_events
    WHERE id < coalesce((SELECT min(id) FROM audit_events WHERE at >= before), (SELECT max(id) + 1 FROM audit_events));
  GET DIAGNOSTICS removed = ROW_COUNT;
  RETURN removed;
END
$$;
--> statement-breakpoint
-- Only the roles it is granted to (docs/audit.md: the server's) may prune; the owner always may.
REVOKE EXECUTE ON FUNCTION audit_prune(timestamptz) FROM PUBLIC;
