import type { PositionChange } from "../store/model";
import { amountChange, recordChanges } from "./classify";
import type { ChangeKind, InvestorChange } from "./types";

// An investor's change between two kept reads as people read it: its fields and their kinds (pure; the alerts'
// events and the changes' pages both make them).

function investorChange(position: PositionChange): InvestorChange {
  const commitment = position.amounts.find((amount) => amount.key === "commitment_amount");
  if (position.change !== "changed") {
    const value = position.change === "added" ? (commitment?.after ?? null) : (commitment?.before ?? null);
    const kind = position.change;
    return { investorId: position.investorId, name: position.name, change: kind, commitment: value, fields: [] };
  }
  const fields = [
    ...position.amounts.map(amountChange),
    ...(position.records ? recordChanges(position.records.before, position.records.after) : []),
  ];
  return { investorId: position.investorId, name: position.name, change: "changed", commitment: null, fields };
}

/** The kinds of an investor's change: added or removed, else each changed field's. */
export function kindsOf(investor: InvestorChange): ChangeKind[] {
  return investor.change === "changed" ? investor.fields.map((field) => field.kind) : [investor.change];
}

/** The investors of a pair's changed positions that changed in a way people read (not only "1.0" → "1.00"). */
export function investorChangesOf(positions: readonly PositionChange[]): InvestorChange[] {
  return positions.map(investorChange).filter((investor) => kindsOf(investor).length > 0);
}
