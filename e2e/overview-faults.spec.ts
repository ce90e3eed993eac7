import { expect, test } from "./support/fixtures";
import { resetUpstream, setFaults, upstreamGet } from "./support/upstream";

// Flips the shared upstream's fault switches, so it runs in the faults project, alone.
test.describe.configure({ mode: "serial" });
test.afterAll(async () => resetUpstream());

test("the Overview names the funds it could not read and leaves them out of the position totals", async ({
  page,
  request,
}) => {
  const funds = await upstreamGet<{ id: string }[]>("/funds");
  const failed = funds.slice(6, 8);
  await setFaults({ fundFaults: { [failed[0]!.id]: "error", [failed[1]!.id]: "malformed" } });
  let named: { id: string; name: string }[] = [];
  await expect
    .poll(
      async () => {
        const body = (await (await request.get("/api/investors?limit=1&refresh=1")).json()) as {
          complete: boolean;
          failedFunds: { id: string; name: string }[];
        };
        named = body.failedFunds;
        return body.complete && named.map((fund) => fund.id).sort();
      },
      { timeout: 30_000 },
    )
    .toEqual(failed.map((fund) => fund.id).sort());

  await page.goto("/");
  const alert = page.getByRole("alert").filter({ hasText: "2 funds could not be read" });
  // Named as the directory names them (the display name, else the legal name, else the id).
  for (const fund of named) await expect(alert).toContainText(fund.name);
  const books = page.getByRole("region", { name: "The books' state" });
  await expect(books.getByRole("link", { name: /Could not be read/ })).toContainText("2");
});
