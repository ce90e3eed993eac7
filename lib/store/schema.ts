import { sql } from "drizzle-orm";
import {
  bigint,
  bigserial,
  boolean,
  customType,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";

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
  // No index on email or tax key: only forgetting a person looks rows up by them. A position's fund is its read's.
  (table) => [
    index("positions_read").on(table.readId, table.ordinal),
    index("positions_read_investor").on(table.readId, table.investorId),
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

// The read model (issue 42): what every organization-wide view queries, kept true in the transaction of each read.

/**
 * Every fund each source's funds list named, or whose investors were kept: its place and figures as its source's
 * newest funds list gave them, the state of its investor list, and aggregates of its current positions.
 */
export const orgFunds = pgTable(
  "org_funds",
  {
    id: serial("id").primaryKey(),
    fundKey: text("fund_key").notNull(),
    fingerprint: text("fingerprint").notNull(),
    fundId: text("fund_id").notNull(),
    /** Named by its source's newest funds list: only listed funds are in the views. */
    listed: boolean("listed").notNull().default(false),
    ordinal: integer("ordinal"),
    name: text("name"),
    nameSort: text("name_sort"),
    search: text("search"),
    organization: text("organization"),
    /** The organization as scopes compare it: trimmed and lower-cased; null when the fund names none. */
    organizationKey: text("organization_key"),
    /** The fund's own figures as its funds list gave them (strings), for reconciliation and display. */
    figures: jsonb("figures"),
    totalCommitments: numeric("total_commitments"),
    totalContributed: numeric("total_contributed"),
    totalReceived: numeric("total_received"),
    targetSize: numeric("target_size"),
    capitalDueDay: date("capital_due_day"),
    /** pending (never read), read (its positions are current), failed (its last read failed). */
    status: text("status").notNull().default("pending"),
    readId: bigint("read_id", { mode: "number" }),
    digest: text("digest"),
    /** When its positions' content was last seen by a read. */
    readAt: timestamp("read_at", { withTimezone: true, mode: "date" }),
    /** When its investor list was last tried, read or failed. */
    triedAt: timestamp("tried_at", { withTimezone: true, mode: "date" }),
    failureStatus: integer("failure_status"),
    failureMessage: text("failure_message"),
    // Aggregates of its current positions, refreshed with them (lib/store/server/model-funds.ts).
    positions: integer("positions").notNull().default(0),
    sumCommitment: numeric("sum_commitment"),
    sumContributed: numeric("sum_contributed"),
    sumUnfunded: numeric("sum_unfunded"),
    sumDistributions: numeric("sum_distributions"),
    sumNav: numeric("sum_nav"),
    sumReceived: numeric("sum_received"),
    sumOwnership: numeric("sum_ownership"),
    ownershipCount: integer("ownership_count").notNull().default(0),
    sumOutstanding: numeric("sum_outstanding"),
    owing: integer("owing").notNull().default(0),
    /** Positions whose total_capital_due differs from each calculation method's formula, and unfunded from its own. */
    dueDiffers: jsonb("due_differs"),
    unfundedDiffers: integer("unfunded_differs").notNull().default(0),
    /** The longest value of each column on screen, for tables that size their columns once. */
    widths: jsonb("widths"),
  },
  (table) => [
    uniqueIndex("org_funds_key").on(table.fundKey),
    index("org_funds_source").on(table.fingerprint, table.ordinal),
  ],
);

/** Each source's organization reads: when the current round of reading every fund began and ended. */
export const orgSources = pgTable("org_sources", {
  fingerprint: text("fingerprint").primaryKey(),
  roundStartedAt: timestamp("round_started_at", { withTimezone: true, mode: "date" }),
  roundEndedAt: timestamp("round_ended_at", { withTimezone: true, mode: "date" }),
  listFailure: text("list_failure"),
  listFailureStatus: integer("list_failure_status"),
});

const money = (name: string) => numeric(name);

/** Each fund's current positions: its newest kept investor list, with what the views sort, filter and search on. */
export const orgPositions = pgTable(
  "org_positions",
  {
    fund: integer("fund")
      .notNull()
      .references(() => orgFunds.id, { onDelete: "cascade" }),
    ordinal: integer("ordinal").notNull(),
    investorId: text("investor_id").notNull(),
    name: text("name").notNull(),
    nameSort: text("name_sort").notNull(),
    email: text("email"),
    emailKey: text("email_key"),
    taxKey: text("tax_key"),
    investorType: text("investor_type").notNull(),
    invited: timestamp("invited", { withTimezone: true, mode: "date" }),
    /** Lower-cased names, emails, joint name, team and the tax id's last 4, separated by U+001F. */
    search: text("search").notNull(),
    /** The investor key of its email, when it has no tax id (it may group by email, or join its email's tax id). */
    emailGroup: text("email_group"),
    /**
     * The investor it is grouped under in the whole organization: its tax id's key, else its email's or the one tax
     * id's its email has, else its own (set from the start for a position with neither).
     */
    groupKey: text("group_key").notNull(),
    commitmentAmount: money("commitment_amount"),
    contributedAmount: money("contributed_amount"),
    unfundedCommitmentAmount: money("unfunded_commitment_amount"),
    lifeDistributions: money("life_distributions"),
    netAssetValue: money("net_asset_value"),
    totalCapitalDue: money("total_capital_due"),
    totalReceived: money("total_received"),
    ownershipPercent: money("ownership_percent"),
    managementFeeAmount: money("management_fee_amount"),
    expenseReserveAmount: money("expense_reserve_amount"),
    /** total_capital_due − total_received when above zero (an absent received counts as nothing received). */
    outstanding: money("outstanding"),
  },
  (table) => [
    primaryKey({ columns: [table.fund, table.ordinal] }),
    index("org_positions_group").on(table.groupKey),
    index("org_positions_email").on(table.emailKey),
    index("org_positions_email_group")
      .on(table.emailGroup)
      .where(sql`${table.taxKey} is null`),
    // Every column of the default order's direction (and PostgreSQL's nulls first for desc): each part of capital
    // outstanding's order walks it, where a mismatch sorted every position owing.
    index("org_positions_outstanding")
      .on(table.outstanding.desc().nullsFirst(), table.fund.desc().nullsFirst(), table.ordinal.desc().nullsFirst())
      .where(sql`${table.outstanding} is not null`),
  ],
);

/** The directory of the whole organization: one row per investor, matched across every listed fund read. */
export const orgInvestors = pgTable(
  "org_investors",
  {
    key: text("key").primaryKey(),
    /** A compact tie-break for the sort indexes (the key is 22 characters in each); made anew with the row. */
    id: bigserial("id", { mode: "number" }).notNull(),
    matchedBy: text("matched_by").notNull(),
    name: text("name").notNull(),
    nameSort: text("name_sort").notNull(),
    email: text("email"),
    emailKey: text("email_key"),
    investorType: text("investor_type").notNull(),
    funds: integer("funds").notNull(),
    commitmentAmount: money("commitment_amount"),
    contributedAmount: money("contributed_amount"),
    unfundedCommitmentAmount: money("unfunded_commitment_amount"),
    lifeDistributions: money("life_distributions"),
    netAssetValue: money("net_asset_value"),
    search: text("search").notNull(),
  },
  (table) => [
    index("org_investors_search").using("gin", sql`${table.search} gin_trgm_ops`),
    index("org_investors_name").on(table.nameSort, table.id),
    index("org_investors_email").on(table.emailKey, table.id),
    index("org_investors_type").on(table.investorType, table.nameSort, table.id),
    index("org_investors_funds").on(table.funds, table.nameSort, table.id),
    index("org_investors_commitment").on(table.commitmentAmount, table.id),
    index("org_investors_contributed").on(table.contributedAmount, table.id),
    index("org_investors_unfunded").on(table.unfundedCommitmentAmount, table.id),
    index("org_investors_distributions").on(table.lifeDistributions, table.id),
    index("org_investors_nav").on(table.netAssetValue, table.id),
  ],
);

/** How many of the directory's investors have each type (the type filter's counts over the whole organization). */
export const orgInvestorTypes = pgTable("org_investor_types", {
  investorType: text("investor_type").primaryKey(),
  count: integer("count").notNull(),
});

// Working as a team (issue 45): notes and follow-ups on funds and investors, and saved views of the table pages.

/**
 * A note about a fund (no investor) or an investor in it, by its fund's store key (fingerprint:fundId, the read
 * model's fund_key); plain text as typed. It may carry a follow-up: an assignee, a due day and a state. `version`
 * grows with each edit: a save naming an older one is refused (409), so two people editing never lose a word.
 */
export const notes = pgTable(
  "notes",
  {
    id: text("id").primaryKey(),
    fundKey: text("fund_key").notNull(),
    investorId: text("investor_id"),
    /** The investor's name when the note was written: what /follow-ups and the digest call them. */
    investorName: text("investor_name"),
    text: text("text").notNull(),
    /** The author's email, lower-cased, and name as they signed in. */
    author: text("author").notNull(),
    authorName: text("author_name"),
    createdAt: at("created_at").notNull(),
    editedAt: at("edited_at"),
    version: integer("version").notNull().default(1),
    assignee: text("assignee"),
    assigneeName: text("assignee_name"),
    due: date("due"),
    /** open, waiting (on the investor) or done; null when the note carries no follow-up. */
    state: text("state"),
  },
  (table) => [
    index("notes_about").on(table.fundKey, table.investorId, table.createdAt.desc()),
    index("notes_assignee")
      .on(table.assignee, table.due)
      .where(sql`${table.state} is not null`),
  ],
);

/** Each earlier text of an edited note (an edit keeps what it replaced), deleted with the note. */
export const noteEdits = pgTable(
  "note_edits",
  {
    noteId: text("note_id")
      .notNull()
      .references(() => notes.id, { onDelete: "cascade" }),
    version: integer("version").notNull(),
    text: text("text").notNull(),
    /** When the replaced text was written. */
    writtenAt: at("written_at").notNull(),
  },
  (table) => [primaryKey({ columns: [table.noteId, table.version] })],
);

/**
 * Each position's next follow-up (the earliest due that is not done, else the last done), kept in the transaction
 * of each note's write: capital outstanding joins it by (fund_key, investor_id) to show, sort and filter on it.
 */
export const followUpNext = pgTable(
  "follow_up_next",
  {
    fundKey: text("fund_key").notNull(),
    investorId: text("investor_id").notNull(),
    noteId: text("note_id").notNull(),
    assignee: text("assignee").notNull(),
    assigneeName: text("assignee_name"),
    due: date("due").notNull(),
    state: text("state").notNull(),
  },
  (table) => [primaryKey({ columns: [table.fundKey, table.investorId] })],
);

/**
 * A saved view of a table page: the page (`/outstanding`, or `/funds/{ref}` for one fund's investors) and its query
 * string, private or shared. `fund_keys` are the funds it names (store keys): it exists only for people who may see
 * each of them.
 */
export const savedViews = pgTable(
  "saved_views",
  {
    id: text("id").primaryKey(),
    owner: text("owner").notNull(),
    ownerName: text("owner_name"),
    page: text("page").notNull(),
    name: text("name").notNull(),
    query: text("query").notNull(),
    shared: boolean("shared").notNull(),
    fundKeys: text("fund_keys").array().notNull(),
    createdAt: at("created_at").notNull(),
    updatedAt: at("updated_at").notNull(),
  },
  (table) => [index("saved_views_page").on(table.page, table.owner)],
);

/** A person's default view of a page: opening the page with no query string opens it. */
export const viewDefaults = pgTable(
  "view_defaults",
  {
    person: text("person").notNull(),
    page: text("page").notNull(),
    viewId: text("view_id")
      .notNull()
      .references(() => savedViews.id, { onDelete: "cascade" }),
  },
  (table) => [primaryKey({ columns: [table.person, table.page] })],
);
