import { describe, expect, it } from "vitest";
import { groupPositions, type Matchable } from "./match";

interface P extends Matchable {
  id: string;
}
const p = (id: string, taxKey: string | null, emailKey: string | null): P => ({ id, taxKey, emailKey });
const summary = (positions: P[]) =>
  groupPositions(positions)
    .map((group) => `${group.matchedBy}:${group.positions.map((position) => position.id).join("+")}`)
    .sort();

describe("groupPositions", () => {
  it("makes positions with the same tax id one investor, whatever their emails", () => {
    expect(summary([p("a", "T1", "ann@x"), p("b", "T1", "ann@y"), p("c", "T1", null)])).toEqual(["tax_id:a+b+c"]);
  });

  it("never merges different tax ids, even with the same email", () => {
    expect(summary([p("a", "T1", "office@x"), p("b", "T2", "office@x")])).toEqual(["tax_id:a", "tax_id:b"]);
  });

  it("joins a position without a tax id to the only tax id among its email's positions", () => {
    expect(summary([p("a", "T1", "ann@x"), p("b", null, "ann@x")])).toEqual(["tax_id:a+b"]);
  });

  it("keeps a position without a tax id apart when its email has two tax ids, grouping it by email", () => {
    expect(
      summary([p("a", "T1", "office@x"), p("b", "T2", "office@x"), p("c", null, "office@x"), p("d", null, "office@x")]),
    ).toEqual(["email:c+d", "tax_id:a", "tax_id:b"]);
  });

  it("groups positions with no tax id by email when no tax id is among them, and leaves one with neither alone", () => {
    expect(summary([p("a", null, "bo@x"), p("b", null, "bo@x"), p("c", null, null), p("d", null, null)])).toEqual([
      "email:a+b",
      "none:c",
      "none:d",
    ]);
  });
});
