import "server-only";
import type { Pool } from "pg";
import { type StatementFigureKey, statementFigureKeys } from "../columns";
import type { StatementRow } from "../model";
import { type StoreConnection, defaultConnection } from "./connection";
import { unpackRecord } from "./packed-record";

// Capital account statements over the kept reads: the fund's investor list read at or before a period's start (the
// opening read; else its first read within the period, late) and at or before its end (the closing read), and each
// investor's position in both, amounts numeric end to end.

const figureKeys = statementFigureKeys;
type FigureKey = StatementFigureKey;
type Figures = Record<FigureKey, string | null>;

/** A kept read of the fund's list, with the fund's own figures read with it. */
export interface StatementRead {
  id: number;
  readAt: Date;
  fund: { totalCommitments: string | null; totalContributed: string | null; totalReceived: string | null };
}

/** The two reads a period's statements are made of; `late`: the store holds no read before the period's start. */
export interface StatementReads {
  opening: StatementRead & { late: boolean };
  closing: StatementRead;
  /** The fund's own record kept at or before the closing read (its names, its capital due date). */
  fundRecord: Record<string, unknown> | null;
}

/** One investor's positions: at the closing read, and at the opening read (null when it does not hold them). */
export interface StatementPosition {
  ordinal: number;
  investorId: string;
  name: string;
  record: Record<string, unknown>;
  opening: Figures | null;
  closing: Figures;
}

const readColumns = `id, read_at, total_commitments::text, total_contributed::text, total_received::text`;

const readsSql = `
  with c as (select ${readColumns} from reads where kind = 'investors' and fund_id = $1 and read_at < $3
             order by read_at desc, id desc limit 1),
  o as (select ${readColumns}, false late from reads where kind = 'investors' and fund_id = $1 and read_at <= $2
        order by read_at desc, id desc limit 1),
  f as (select ${readColumns}, true late from reads where kind = 'investors' and fund_id = $1 and read_at > $2
        and read_at < $3 order by read_at, id limit 1)
  select row_to_json(c) closing, coalesce((select row_to_json(o) from o), (select row_to_json(f) from f)) opening,
         (select r.record from reads r where r.kind = 'fund' and r.fund_id = $1
          order by (r.read_at <= c.read_at) desc, r.read_at desc, r.id desc limit 1) fund_record
  from c`;

type ReadRow = { id: number; read_at: string; total_commitments: string | null } & Record<string, unknown>;

function readOf(row: ReadRow): StatementRead {
  const text = (value: unknown) => (value === null || value === undefined ? null : String(value));
  return {
    id: Number(row.id),
    readAt: new Date(row.read_at),
    fund: {
      totalCommitments: text(row.total_commitments),
      totalContributed: text(row.total_contributed),
      totalReceived: text(row.total_received),
    },
  };
}

/** The opening and closing reads of a fund (by store key) for [start, end); null when none is at or before the end. */
export function statementReads(
  fundKey: string,
  start: Date,
  end: Date,
  store: StoreConnection = defaultConnection(),
): Promise<StatementReads | null> {
  return store.use(async (_db, pool) => {
    const found = await pool.query<{ closing: ReadRow; opening: ReadRow & { late: boolean }; fund_record: unknown }>(
      readsSql,
      [fundKey, start.toISOString(), end.toISOString()],
    );
    const row = found.rows[0];
    if (!row) return null;
    // The closing read is at or before the end, so an opening exists: at or before the start, or within the period.
    return {
      opening: { ...readOf(row.opening), late: row.opening.late },
      closing: readOf(row.closing),
      fundRecord: (row.fund_record as Record<string, unknown> | null) ?? null,
    };
  });
}

const figuresOf = (side: string) => figureKeys.map((key) => `${side}.${key}::text ${side}_${key}`).join(", ");

// Each position of the closing read (by its place in the list), with the same investor's position at the opening read.
const positionsSql = `
  select c.ordinal, c.investor_id, c.name, c.record, c.packed, o.read_id is not null o_held,
         ${figuresOf("c")}, ${figuresOf("o")}
  from positions c
  left join lateral (select * from positions x where x.read_id = $2 and x.investor_id = c.investor_id
                     order by x.ordinal limit 1) o on true
  where c.read_id = $1 and ($3::text is null or c.investor_id = $3) and c.ordinal > $4
  order by c.ordinal limit $5`;

function pick(row: Record<string, unknown>, side: string): Figures {
  return Object.fromEntries(
    figureKeys.map((key) => [key, (row[`${side}_${key}`] as string | null) ?? null]),
  ) as Figures;
}

async function positionRows(
  pool: Pool,
  reads: { opening: number; closing: number },
  investorId: string | null,
  after: number,
  limit: number,
): Promise<StatementPosition[]> {
  const found = await pool.query<Record<string, unknown>>(positionsSql, [
    reads.closing,
    reads.opening,
    investorId,
    after,
    limit,
  ]);
  return found.rows.map((row) => ({
    ordinal: Number(row.ordinal),
    investorId: String(row.investor_id),
    name: String(row.name),
    record: row.packed ? unpackRecord(row.packed as Buffer) : (row.record as Record<string, unknown>),
    opening: row.o_held ? pick(row, "o") : null,
    closing: pick(row, "c"),
  }));
}

/** One investor's positions at the two reads, or null when the closing read does not hold them. */
export function statementPosition(
  reads: { opening: number; closing: number },
  investorId: string,
  store: StoreConnection = defaultConnection(),
): Promise<StatementPosition | null> {
  return store.use(async (_db, pool) => (await positionRows(pool, reads, investorId, -1, 1))[0] ?? null);
}

/** Every investor of the closing read, `size` at a time in the list's order: memory holds one batch. */
export async function* statementPositions(
  reads: { opening: number; closing: number },
  size = 250,
  store: StoreConnection = defaultConnection(),
): AsyncGenerator<StatementPosition[]> {
  let after = -1;
  for (;;) {
    const batch = await store.use((_db, pool) => positionRows(pool, reads, null, after, size));
    if (batch.length === 0) return;
    yield batch;
    after = batch[batch.length - 1]!.ordinal;
    if (batch.length < size) return;
  }
}

// The statement lines of every position of the closing read, worked out in SQL (numeric, exact): an investor the
// opening read does not hold opens at zero.
const lineSql = (key: FigureKey) => `case when o.read_id is null then c.${key} else c.${key} - o.${key} end`;
const linesFrom = `
  from positions c
  left join lateral (select * from positions x where x.read_id = $2 and x.investor_id = c.investor_id
                     order by x.ordinal limit 1) o on true
  cross join lateral (select ${lineSql("contributed_amount")} contributions,
                             ${lineSql("life_distributions")} distributions,
                             case when o.read_id is null then 0 else o.net_asset_value end opening_nav) l
  where c.read_id = $1`;

export const statementSortKeys = ["name", "closing_nav", "contributions", "distributions"] as const;
export type StatementSortKey = (typeof statementSortKeys)[number];
const sortExpr: Record<StatementSortKey, string> = {
  name: "lower(c.name)",
  closing_nav: "c.net_asset_value",
  contributions: "l.contributions",
  distributions: "l.distributions",
};

/** A page of the fund's statements, sorted (empty values last both ways, then the list's order). */
export function statementRows(
  reads: { opening: number; closing: number },
  sort: { key: StatementSortKey; direction: "asc" | "desc" },
  page: { offset: number; limit: number },
  store: StoreConnection = defaultConnection(),
): Promise<StatementRow[]> {
  const direction = sort.direction === "asc" ? "asc" : "desc";
  const text = `select c.investor_id, c.name, o.read_id is null joined, c.net_asset_value::text closing_nav,
                       l.contributions::text, l.distributions::text
                ${linesFrom}
                order by ${sortExpr[sort.key]} ${direction} nulls last, c.ordinal offset $3 limit $4`;
  return store.use(async (_db, pool) => {
    const found = await pool.query<Record<string, unknown>>(text, [
      reads.closing,
      reads.opening,
      page.offset,
      page.limit,
    ]);
    return found.rows.map((row) => ({
      investorId: String(row.investor_id),
      name: String(row.name),
      joined: row.joined === true,
      closingNav: (row.closing_nav as string | null) ?? null,
      contributions: (row.contributions as string | null) ?? null,
      distributions: (row.distributions as string | null) ?? null,
    }));
  });
}

/** A sum over positions and how many of them gave no value (left out of it). */
export interface LineSum {
  sum: string | null;
  skipped: number;
}

/** Sums of every statement line over the closing read's investors, and of the positions that left the fund. */
export interface StatementSums {
  investors: number;
  joined: number;
  lines: Record<
    | "openingNav"
    | "contributions"
    | "distributions"
    | "netChange"
    | "closingNav"
    | "commitment"
    | "contributed"
    | "received",
    LineSum
  >;
  /** Positions of the opening read the closing read does not hold: their figures at the opening read. */
  left: { investors: number; contributed: LineSum; distributions: LineSum; openingNav: LineSum };
}

const summed = (name: string, expr: string) =>
  `sum(${expr})::text ${name}_sum, count(*) filter (where ${expr} is null)::int ${name}_skipped`;
const netChange = "c.net_asset_value - l.opening_nav - l.contributions + l.distributions";

const sumsSql = `
  select count(*)::int investors, count(*) filter (where o.read_id is null)::int joined,
         ${summed("opening_nav", "l.opening_nav")}, ${summed("contributions", "l.contributions")},
         ${summed("distributions", "l.distributions")}, ${summed("net_change", netChange)},
         ${summed("closing_nav", "c.net_asset_value")}, ${summed("commitment", "c.commitment_amount")},
         ${summed("contributed", "c.contributed_amount")}, ${summed("received", "c.total_received")}
  ${linesFrom}`;

const leftSql = `
  select count(*)::int investors, ${summed("contributed", "o.contributed_amount")},
         ${summed("distributions", "o.life_distributions")}, ${summed("opening_nav", "o.net_asset_value")}
  from positions o
  where o.read_id = $2 and $1::bigint <> $2::bigint
    and not exists (select 1 from positions c where c.read_id = $1 and c.investor_id = o.investor_id)`;

const lineSum = (row: Record<string, unknown>, name: string): LineSum => ({
  sum: (row[`${name}_sum`] as string | null) ?? null,
  skipped: Number(row[`${name}_skipped`] ?? 0),
});

/** The sums the fund's statements tie out with. */
export function statementSums(
  reads: { opening: number; closing: number },
  store: StoreConnection = defaultConnection(),
): Promise<StatementSums> {
  return store.use(async (_db, pool) => {
    const params = [reads.closing, reads.opening];
    const [sums, left] = await Promise.all([pool.query(sumsSql, params), pool.query(leftSql, params)]);
    const row = sums.rows[0] as Record<string, unknown>;
    const gone = left.rows[0] as Record<string, unknown>;
    return {
      investors: Number(row.investors),
      joined: Number(row.joined),
      lines: {
        openingNav: lineSum(row, "opening_nav"),
        contributions: lineSum(row, "contributions"),
        distributions: lineSum(row, "distributions"),
        netChange: lineSum(row, "net_change"),
        closingNav: lineSum(row, "closing_nav"),
        commitment: lineSum(row, "commitment"),
        contributed: lineSum(row, "contributed"),
        received: lineSum(row, "received"),
      },
      left: {
        investors: Number(gone.investors),
        contributed: lineSum(gone, "contributed"),
        distributions: lineSum(gone, "distributions"),
        openingNav: lineSum(gone, "opening_nav"),
      },
    };
  });
}
