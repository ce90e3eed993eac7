import { describe, expect, it, vi } from "vitest";

const compactHeap = vi.fn(async () => {});
vi.mock("../../server/heap", () => ({ compactHeap }));

describe("an organization read's end", () => {
  it("compacts the heap once every listener's work is done, with or without a directory listening", async () => {
    const { onOrganizationSettled, settled } = await import("./organization");
    settled("default");
    await vi.waitFor(() => expect(compactHeap).toHaveBeenCalledTimes(1));

    let made = () => {};
    onOrganizationSettled("test-index", () => new Promise<void>((resolve) => (made = resolve)));
    settled("default");
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(compactHeap).toHaveBeenCalledTimes(1);
    made();
    await vi.waitFor(() => expect(compactHeap).toHaveBeenCalledTimes(2));
  });
});
