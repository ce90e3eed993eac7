import Big from "big.js";
import { outstandingOf, overdueOf } from "../reconciliation/outstanding";
import { decimal, scaleOf } from "../reconciliation/reconcile";
import type { CapitalAccount, PositionFigures, StatementFigures } from "./types";

// A statement's arithmetic, exact in decimals (big.js), from the investor's position at the opening and closing reads.

/** big.js with its own settings: ratios rounded half-up to four places by the division itself (exact, one rounding). */
const Ratio = Big();
Ratio.DP = 4;
Ratio.RM = Big.roundHalfUp;

/** A position of zero: the investor was not in the fund at the opening read. */
export const zeroFigures: PositionFigures = {
  commitment_amount: "0",
  contributed_amount: "0",
  unfunded_commitment_amount: "0",
  total_received: "0",
  total_capital_due: "0",
  life_distributions: "0",
  net_asset_value: "0",
};

function minus(a: string | null, b: string | null): string | null {
  const x = decimal(a);
  const y = decimal(b);
  return x === null || y === null ? null : x.minus(y).toFixed(scaleOf(a, b));
}

/** Net asset value at the closing read less what the other lines explain: the change in value (derived). */
export function capitalAccount(opening: PositionFigures, closing: PositionFigures): CapitalAccount {
  const contributions = minus(closing.contributed_amount, opening.contributed_amount);
  const distributions = minus(closing.life_distributions, opening.life_distributions);
  const [open, close, paid, out] = [opening.net_asset_value, closing.net_asset_value, contributions, distributions];
  const parts = [open, close, paid, out].map(decimal);
  const netChange = parts.some((part) => part === null)
    ? null
    : parts[1]!
        .minus(parts[0]!)
        .minus(parts[2]!)
        .plus(parts[3]!)
        .toFixed(scaleOf(open, close, paid, out));
  return { openingNav: open, contributions, distributions, netChange, closingNav: close };
}

/** Whether the account's lines add up: opening + contributions − distributions + net change = closing. */
export function accountAddsUp(account: CapitalAccount): boolean {
  const [open, paid, out, change, close] = [
    account.openingNav,
    account.contributions,
    account.distributions,
    account.netChange,
    account.closingNav,
  ].map(decimal);
  if ([open, paid, out, change, close].some((part) => part === null)) return false;
  return open!.plus(paid!).minus(out!).plus(change!).eq(close!);
}

/** A ratio to four decimals, exact; null where the divisor is zero or a figure is not given. */
export function ratio(numerator: string | null, contributed: string | null): string | null {
  const top = decimal(numerator);
  const bottom = decimal(contributed);
  if (top === null || bottom === null || bottom.eq(0)) return null;
  return new Ratio(top.toFixed()).div(bottom.toFixed()).toFixed(4);
}

function sum(a: string | null, b: string | null): string | null {
  const x = decimal(a);
  const y = decimal(b);
  return x === null || y === null ? null : x.plus(y).toFixed(scaleOf(a, b));
}

/** Every figure of a statement, from the two positions, the fund's capital due date and the closing read's time. */
export function statementFigures(
  opening: PositionFigures,
  closing: PositionFigures,
  dueDate: string | null,
  closingReadAt: Date,
): StatementFigures {
  const owed = outstandingOf(closing);
  const settled = decimal(closing.total_capital_due) === null ? null : (0).toFixed(scaleOf(closing.total_capital_due));
  const contributed = closing.contributed_amount;
  return {
    account: capitalAccount(opening, closing),
    commitment: {
      commitment: closing.commitment_amount,
      contributedToDate: contributed,
      unfundedOpening: opening.unfunded_commitment_amount,
      unfundedClosing: closing.unfunded_commitment_amount,
    },
    capital: {
      due: closing.total_capital_due,
      received: closing.total_received,
      outstanding: owed ?? settled,
      dueDate,
      daysOverdue: owed === null ? 0 : overdueOf(dueDate, closingReadAt.getTime()).daysOverdue,
    },
    ratios: {
      dpi: ratio(closing.life_distributions, contributed),
      rvpi: ratio(closing.net_asset_value, contributed),
      tvpi: ratio(sum(closing.life_distributions, closing.net_asset_value), contributed),
    },
  };
}
