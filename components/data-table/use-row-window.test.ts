import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { rowWindow } from "./use-row-window";

describe("rowWindow", () => {
  it("renders the first screen and the overscan below it before anything is measured", () => {
    // 720 px of 35 px rows: rows 0–20 are in view, 12 more below.
    expect(rowWindow(1000, 35, 12, 0, 720)).toEqual({ first: 0, last: 32, padTop: 0, padBottom: 967 * 35 });
  });

  it("keeps overscan rows above and below a scrolled viewport", () => {
    expect(rowWindow(1000, 35, 12, 3500, 700)).toEqual({ first: 88, last: 131, padTop: 88 * 35, padBottom: 868 * 35 });
  });

  it("renders nothing for no rows, and stops at the last row", () => {
    expect(rowWindow(0, 35, 12, 0, 720)).toEqual({ first: 0, last: -1, padTop: 0, padBottom: 0 });
    expect(rowWindow(10, 35, 12, 0, 720)).toEqual({ first: 0, last: 9, padTop: 0, padBottom: 0 });
  });

  it("always covers the viewport, and the rows and spacers add up to the whole table", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 100_000 }),
        fc.integer({ min: 0, max: 5_000_000 }),
        fc.integer({ min: 1, max: 2000 }),
        (count, top, height) => {
          const { first, last, padTop, padBottom } = rowWindow(count, 35, 12, top, height);
          expect(padTop + Math.max(0, last - first + 1) * 35 + padBottom).toBe(count * 35);
          // Every row that intersects the viewport is rendered.
          const inView = [Math.floor(top / 35), Math.ceil((top + height) / 35) - 1];
          for (const index of inView) if (index < count) expect(index >= first && index <= last).toBe(true);
        },
      ),
    );
  });
});
