import { bigint, bigserial, customType, index, integer, numeric, pgTable, text, timestamp } from "drizzle-orm/pg-core";

// Drizzle's own jsonb parses a top-level JSON string a second time and throws on BigInt: node-postgres already
// parses jsonb, so values pass through as read, and a BigInt is written as its decimal string.
/** A value as jsonb text: a BigInt (which JSON.stringify refuses) as its decimal string. */
export const toJson = (value: unknown) =>
  JSON.stringify(value, (_key, item: unknown) => (typeof item === "bigint" ? item.toString() : item));

const record = customType<{ data: unknown; driverData: unknown }>({
  dataType: () => "jsonb",
  toDriver: toJson,
  fromDriver: (value) => value,
});

const bytes = customType<{ data: Buffer; driverData: Buffer }>({ dataType: () => "bytea" });

// Money and percentages: no precision limit, read as strings (node-postgres never parses numeric).
const amount = (name: string) => numeric(name);
const at = (name: string) => timestamp(name, { withTimezone: true, mode: "date" });

export const readKinds = ["funds", "fund", "investors"] as const;
export type ReadKind = (typeof readKinds)[number];

/**
 * One distinct content of a read: a source's funds list, a fund's record, or a fund's investor list. `fund_id` is the
 * read's key: for a fund, its source's fingerprint (a keyed hash of the source's base URL and token), ':' and its id;
 * for a funds list, the fingerprint alone. A read kept under another token or address is never another's.
 */
export const reads = pgTable(
  "reads",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    kind: text("kind").$type<ReadKind>().notNull(),
    fundId: text("fund_id"),
    digest: text("digest").notNull(),
    readAt: at("read_at").notNull(),
    lastSeenAt: at("last_seen_at").notNull(),
    record: record("record"),
    totalCommitments: amount("total_commitments"),
    totalContributed: amount("total_contributed"),
    totalReceived: amount("total_received"),
    investorCount: integer("investor_count"),
    /**
     * An investor list's positions as the organization-wide views take them (fund-reads encodes them, one JSON text
     * per read, which TOAST compresses): a start reads 2,000 of these rather than 100,000 records. Null when a
     * person was forgotten from the read (its positions are then read back from their rows).
     */
    summary: text("summary"),
  },
  (table) => [index("reads_kind_fund_read_at").on(table.kind, table.fundId, table.readAt.desc())],
);

/** Every time a read's content was seen, the first included. */
export const readSightings = pgTable(
  "read_sightings",
  {
    readId: bigint("read_id", { mode: "number" })
      .notNull()
      .references(() => reads.id, { onDelete: "cascade" }),
    seenAt: at("seen_at").notNull(),
  },
  (table) => [index("read_sightings_read").on(table.readId)],
);

/** One investor's position in one kept investor list. */
export const positions = pgTable(
  "positions",
  {
    readId: bigint("read_id", { mode: "number" })
      .notNull()
      .references(() => reads.id, { onDelete: "cascade" }),
    // The position's place in the list as read, which a read gives back.
    ordinal: integer("ordinal").notNull(),
    fundId: text("fund_id").notNull(),
    investorId: text("investor_id").notNull(),
    name: text("name").notNull(),
    email: text("email"),
    taxKey: text("tax_key"),
    commitmentAmount: amount("commitment_amount"),
    contributedAmount: amount("contributed_amount"),
    unfundedCommitmentAmount: amount("unfunded_commitment_amount"),
    totalReceived: amount("total_received"),
    totalCapitalDue: amount("total_capital_due"),
    lifeDistributions: amount("life_distributions"),
    netAssetValue: amount("net_asset_value"),
    ownershipPercent: amount("ownership_percent"),
    managementFeeAmount: amount("management_fee_amount"),
    expenseReserveAmount: amount("expense_reserve_amount"),
    // The masked record: packed (lib/store/server/packed-record.ts) since migration 0007; rows written before as jsonb.
    record: record("record"),
    packed: bytes("packed"),
    // The record's hash (equal records hash alike): two reads are compared on it, reading only changed records.
    // jsonb_hash_extended(record, 0) for the jsonb rows, the packed record's own for the others.
    recordHash: bigint("record_hash", { mode: "bigint" }).notNull(),
  },
  (table) => [
    index("positions_read").on(table.readId, table.ordinal),
    index("positions_email").on(table.email),
    index("positions_tax_key").on(table.taxKey),
    index("positions_fund_investor").on(table.fundId, table.investorId),
  ],
);

/** A read that failed: later features can say where the reads have a gap. */
export const readFailures = pgTable("read_failures", {
  id: bigserial("id", { mode: "number" }).primaryKey(),
  kind: text("kind").$type<ReadKind>().notNull(),
  fundId: text("fund_id"),
  at: at("at").notNull(),
  status: integer("status").notNull(),
  message: text("message").notNull(),
});

/**
 * The audit trail (issue 28): one row per reveal, sensitive export, forget, revocation, sign-in, refusal, change of
 * rules, look at /audit and retention. Append-only (a trigger refuses UPDATE, TRUNCATE and any DELETE outside
 * audit_prune) and hash-chained: each row's hash covers its fields and the hash before it (lib/store/server/audit.ts).
 */
export const auditEvents = pgTable(
  "audit_events",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    at: at("at").notNull(),
    actor: text("actor").notNull(),
    method: text("method").notNull(),
    action: text("action").notNull(),
    outcome: text("outcome").notNull(),
    source: text("source"),
    organization: text("organization"),
    fundId: text("fund_id"),
    investorId: text("investor_id"),
    requestId: text("request_id"),
    clientAddress: text("client_address"),
    detail: text("detail"),
    prevHash: text("prev_hash").notNull(),
    hash: text("hash").notNull(),
  },
  (table) => [index("audit_events_at").on(table.at), index("audit_events_fund").on(table.fundId)],
);

/**
 * What a single sign-on session needs to ask the provider again (its groups, tokens), sealed with a key of the
 * session secret, so it survives a restart without Redis; the database never holds a token in the clear.
 */
export const oidcGrants = pgTable("oidc_grants", {
  sid: text("sid").primaryKey(),
  sealed: text("sealed").notNull(),
  until: at("until").notNull(),
});
