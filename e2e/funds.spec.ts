import { expect, test } from "./support/fixtures";
import { upstreamGet } from "./support/upstream";

interface FundLike {
  id: string;
  legal_entity?: { display_name?: string | null; legal_name?: string | null } | null;
}

test("the funds page lists every fund the token can see, each linking to its page", async ({ page }) => {
  const funds = await upstreamGet<FundLike[]>("/funds");
  await page.goto("/funds");
  const table = page.getByRole("table");
  await expect(table.getByRole("row")).toHaveCount(funds.length + 1);
  const named = funds.find((f) => f.legal_entity?.display_name)!;
  const link = table.getByRole("link", { name: named.legal_entity!.display_name!, exact: true });
  await expect(link).toHaveAttribute("href", `/funds/${named.id}`);
});
