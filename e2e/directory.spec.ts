import Big from "big.js";
import { wholeDirectory } from "./support/directory";
import { expect, test } from "./support/fixtures";
import { upstreamGet, upstreamPlanted } from "./support/upstream";

interface Row {
  key: string;
  name: string;
  funds: number;
  commitment_amount: string | null;
}

test("an investor in three funds is one row, whose page shows the three positions and exact totals", async ({
  page,
  request,
}) => {
  const person = (await upstreamPlanted()).sharedIdentities.find((identity) => identity.fundIds.length === 3)!;
  // The server builds the directory on first use; until every fund is read the answer says it is incomplete.
  await wholeDirectory(request);
  const found = await (await request.get(`/api/investors?q=${encodeURIComponent(person.email)}`)).json();
  expect(found.rows).toHaveLength(1);
  const row = found.rows[0] as Row;
  expect(row.funds).toBe(3);
  const positions = await Promise.all(
    person.fundIds.map(async (fundId) =>
      (
        await upstreamGet<{ investment_account?: { tax_id?: string }; commitment_amount?: string }[]>(
          `/funds/${fundId}/investors`,
        )
      ).find((investor) => investor.investment_account?.tax_id === person.taxId)!,
    ),
  );
  const total = positions.reduce((sum, investor) => sum.plus(investor.commitment_amount ?? "0"), new Big(0));
  expect(new Big(row.commitment_amount!).eq(total)).toBe(true);

  await page.goto("/investors");
  await page.getByRole("searchbox", { name: "Search investors" }).fill(person.email);
  // The search is in the URL first (as it is long before a person could click), then the row is opened.
  await expect(page).toHaveURL(/[?&]q=/);
  await page.getByRole("link", { name: row.name }).click();
  await expect(page).toHaveURL(`/investors/${row.key}`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(row.name);
  const table = page.getByRole("table", { name: "Positions" });
  await expect(table.locator("tbody tr")).toHaveCount(3);
  const commitmentTotal = (await table.locator('tfoot [data-total="commitment_amount"]').innerText()).replace(/,/g, "");
  expect(new Big(commitmentTotal).eq(total)).toBe(true);
});

test("the family office's two entities share an email but stay two investors", async ({ request }) => {
  const { familyOffice } = await upstreamPlanted();
  await wholeDirectory(request);
  const rows = (await (await request.get(`/api/investors?q=${encodeURIComponent(familyOffice.email)}`)).json())
    .rows as Row[];
  expect(rows).toHaveLength(2);
  const positions: string[] = [];
  for (const row of rows) {
    const detail = await (await request.get(`/api/investors/${row.key}`)).json();
    expect(detail.matchedBy).toBe("tax_id");
    positions.push(...(detail.positions as { investor: { id: string } }[]).map((position) => position.investor.id));
  }
  expect(positions.sort()).toEqual(familyOffice.members.map((member) => member.investorId).sort());
});

test("global search finds a fund and an investor with the keyboard alone", async ({ page }) => {
  const [fund] = await upstreamGet<{ id: string; legal_entity?: { display_name?: string } }[]>("/funds");
  const person = (await upstreamPlanted()).sharedIdentities[0]!;
  await page.goto("/funds");
  await page.keyboard.press("/");
  const box = page.getByRole("combobox", { name: "Search funds and investors" });
  await expect(box).toBeFocused();
  await box.pressSequentially(fund!.legal_entity!.display_name!.slice(0, 12));
  await expect(page.getByRole("option").first()).toContainText(fund!.legal_entity!.display_name!.slice(0, 12));
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(new RegExp(`/funds/[0-9a-f-]{36}$`));

  await page.keyboard.press("Control+k");
  await page.getByRole("combobox", { name: "Search funds and investors" }).pressSequentially(person.email);
  const option = page.getByRole("option", { name: new RegExp(person.legalName) });
  await expect(option).toBeVisible();
  await page.keyboard.press("ArrowDown");
  await page.keyboard.press("ArrowUp");
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/investors\/[A-Za-z0-9_-]{22}$/);
  await expect(page.getByRole("heading", { level: 1 })).toContainText(person.legalName.split(" ")[0]!);

  await page.keyboard.press("/");
  await page.keyboard.press("Escape");
  await expect(page.getByRole("combobox")).toHaveCount(0);
});

test("the directory's and capital outstanding's later pages name the version of the first, and a changed one is refused", async ({
  request,
}) => {
  await wholeDirectory(request);
  for (const path of ["/api/investors", "/api/outstanding"]) {
    const first = await (await request.get(`${path}?limit=5`)).json();
    expect(first.version, path).toMatch(/^[0-9a-f]{64}$/);
    const later = await request.get(`${path}?offset=5&limit=5&version=${first.version}`);
    expect(later.status(), path).toBe(200);
    expect((await later.json()).version).toBe(first.version);
    const stale = await request.get(`${path}?offset=5&limit=5&version=${"f".repeat(64)}`);
    expect(stale.status(), path).toBe(409);
    expect(typeof (await stale.json()).error).toBe("string");
  }
});

test("Refresh on the directory reads every fund again, and the age on screen says so", async ({ page }) => {
  await page.goto("/investors");
  const age = page.getByText(/^Updated /);
  await expect(age).toBeVisible({ timeout: 30_000 });
  const clicked = new Date();
  const asked = page.waitForRequest((request) => {
    const url = new URL(request.url());
    return url.pathname === "/api/investors" && url.searchParams.get("refresh") === "1";
  });
  await page.getByRole("button", { name: "Refresh" }).click();
  await asked;
  // The age is the oldest read in use: past the click, every fund was read again.
  await expect
    .poll(async () => Date.parse((await age.getAttribute("title")) ?? "") >= clicked.getTime(), { timeout: 30_000 })
    .toBe(true);
  await expect(age).toHaveText("Updated just now");
});
