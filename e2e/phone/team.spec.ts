import { expect, test } from "../support/fixtures";
import { e2eColleague, e2eUser } from "../support/session";
import { colleaguePage, overduePosition, todayUtc } from "../support/team";
import { expectReadableInBothSchemes } from "./support";

// Working as a team on a phone (issue 45): a follow-up written on an overdue investor and assigned, found and marked
// done by its assignee, shown by capital outstanding's cards; a shared view opened by another and made their default.
// Each page fits the screen in light and dark, axe finds nothing, and every target takes a finger.

test("a follow-up on an overdue investor, on a phone: written, assigned, marked done, shown on the cards", async ({
  page,
  request,
  browser,
}) => {
  // axe over three pages, in light and dark, takes a while on a shared machine.
  test.setTimeout(150_000);
  const position = await overduePosition(request, 2);
  const words = `Left a voicemail ${Date.now()}`;
  await page.goto(`/funds/${position.fund.id}/investors/${position.investorId}`);
  const notes = page.getByRole("region", { name: "Notes on this investor" });
  await notes.getByRole("textbox", { name: "New note" }).fill(words);
  await notes.getByLabel("Add a follow-up").tap();
  await notes.getByLabel("Assign to").selectOption({ label: `${e2eColleague.name} (${e2eColleague.email})` });
  await notes.getByLabel("Due").fill(todayUtc());
  await notes.getByRole("button", { name: "Save note" }).tap();
  const written = notes.getByRole("listitem").filter({ hasText: words });
  await expect(written).toContainText("Open");
  await expectReadableInBothSchemes(page, "an investor's page with a note");

  const otto = await colleaguePage(browser, test.info().project.use);
  await otto.page.goto("/follow-ups");
  const item = otto.page
    .getByRole("list", { name: "Your follow-ups" })
    .getByRole("listitem")
    .filter({ hasText: words });
  await expect(item.getByRole("link", { name: position.name })).toBeVisible();
  await expectReadableInBothSchemes(otto.page, "/follow-ups");
  await item.getByRole("button", { name: "Done" }).tap();
  await expect(item.getByRole("button", { name: "Done" })).toHaveAttribute("aria-pressed", "true");

  await page.goto(`/outstanding?followUp=done&fund=${position.fund.id}`);
  const card = page
    .getByRole("list", { name: "Positions with capital outstanding" })
    .getByRole("listitem")
    .filter({ has: page.getByRole("link", { name: position.name }) });
  await expect(card).toContainText("Done");
  expect(otto.errors).toEqual([]);
});

test("a shared view on a phone: saved, opened by another, made their default", async ({ page, browser }) => {
  test.setTimeout(120_000);
  const name = `Paid nothing this week ${Date.now()}`;
  await page.goto("/outstanding?paid=none");
  await page.getByRole("button", { name: "Views" }).tap();
  const views = page.getByRole("region", { name: "Saved views" });
  await views.getByLabel("Save this view as").fill(name);
  await views.getByLabel("Shared with everyone who may open this page").tap();
  await views.getByRole("button", { name: "Save view" }).tap();
  await expect(views.getByRole("link", { name })).toBeVisible();
  await expectReadableInBothSchemes(page, "/outstanding with its views");

  const otto = await colleaguePage(browser, test.info().project.use);
  await otto.page.goto("/outstanding");
  await otto.page.getByRole("button", { name: "Views" }).tap();
  const listed = otto.page
    .getByRole("list", { name: "Views of this page" })
    .getByRole("listitem")
    .filter({ hasText: name });
  await expect(listed).toContainText(`Shared by ${e2eUser.name}`);
  await listed.getByRole("button", { name: "Make default" }).tap();
  await expect(listed).toContainText("Your default");
  await otto.page.goto("/outstanding");
  await expect(otto.page).toHaveURL(/\/outstanding\?paid=none$/);
  await expect(otto.page.getByLabel("Who paid since then")).toHaveValue("none");
  await otto.page.getByRole("button", { name: "Views" }).tap();
  await listed.getByRole("button", { name: "No default" }).tap();
  await expect(listed).not.toContainText("Your default");
  expect(otto.errors).toEqual([]);
});
