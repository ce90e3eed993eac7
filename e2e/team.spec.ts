import { expect, test } from "./support/fixtures";
import { e2eColleague, e2eUser } from "./support/session";
import { colleaguePage, overduePosition, todayUtc } from "./support/team";

// Working as a team (issue 45), at a desk: Olive writes a note with a follow-up on an overdue investor and assigns it
// to Otto, who finds it in /follow-ups and in today's digest, marks it done in one click, and capital outstanding
// shows it done; Olive saves a shared view, Otto opens it and makes it his default.

test("a follow-up on an overdue investor, assigned, found, marked done, and shown by capital outstanding", async ({
  page,
  request,
  browser,
}) => {
  test.setTimeout(90_000);
  const position = await overduePosition(request, 1);
  const words = `Promised a wire by Friday ${Date.now()}: see https://mail.example.com/t/42`;
  await page.goto(`/funds/${position.fund.id}/investors/${position.investorId}`);
  const notes = page.getByRole("region", { name: "Notes on this investor" });
  await notes.getByRole("textbox", { name: "New note" }).fill(words);
  await notes.getByLabel("Add a follow-up").check();
  await notes.getByLabel("Assign to").selectOption({ label: `${e2eColleague.name} (${e2eColleague.email})` });
  await notes.getByLabel("Due").fill(todayUtc());
  await notes.getByLabel("State").selectOption({ label: "Waiting on the investor" });
  await notes.getByRole("button", { name: "Save note" }).click();
  const written = notes.getByRole("listitem").filter({ hasText: words.split(":")[0]! });
  await expect(written).toContainText(e2eUser.name);
  await expect(written).toContainText("Waiting on the investor");
  await expect(written.getByRole("link", { name: "https://mail.example.com/t/42" })).toHaveAttribute(
    "href",
    "https://mail.example.com/t/42",
  );

  const otto = await colleaguePage(browser, test.info().project.use);
  await otto.page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Follow-ups" }).click();
  await expect(otto.page.getByRole("heading", { level: 1, name: "Your follow-ups" })).toBeVisible();
  const item = otto.page
    .getByRole("list", { name: "Your follow-ups" })
    .getByRole("listitem")
    .filter({ hasText: words.split(":")[0]! });
  await expect(item.getByRole("link", { name: position.name })).toBeVisible();
  await expect(item).toContainText(`in ${position.fund.name}`);
  await expect(item).toContainText(`From ${e2eUser.name}`);

  await otto.page.goto("/alerts");
  await otto.page.getByRole("button", { name: "Preview today's digest" }).click();
  await expect(otto.page.getByRole("figure", { name: "Today's digest" })).toContainText(
    `Due today · ${position.fund.name} · ${position.name}: ${words.split(":")[0]}`,
  );

  await otto.page.goto("/follow-ups");
  await item.getByRole("group", { name: "Follow-up state" }).getByRole("button", { name: "Done" }).click();
  await expect(item.getByRole("button", { name: "Done" })).toHaveAttribute("aria-pressed", "true");
  await expect(item).toContainText("Done");

  await page.goto(`/outstanding?followUp=done&sort=followUp.desc`);
  const row = page
    .getByRole("table", { name: "Positions with capital outstanding" })
    .getByRole("row")
    .filter({ has: page.getByRole("link", { name: position.name }) })
    .filter({ hasText: position.fund.name });
  await expect(row).toContainText("Done");
  await expect(row).toContainText(e2eColleague.name);
  expect(otto.errors).toEqual([]);
});

test("a shared view: saved by one, listed to another with its owner, opened, and made their default", async ({
  page,
  browser,
}) => {
  test.setTimeout(60_000);
  const name = `Overdue, longest first ${Date.now()}`;
  await page.goto("/outstanding?overdue=1&sort=daysOverdue.desc");
  await page.getByRole("button", { name: "Views" }).click();
  const views = page.getByRole("region", { name: "Saved views" });
  await views.getByLabel("Save this view as").fill(name);
  await views.getByLabel("Shared with everyone who may open this page").check();
  await views.getByRole("button", { name: "Save view" }).click();
  await expect(views.getByRole("status")).toHaveText(`Saved "${name}".`);
  await expect(views.getByRole("link", { name })).toBeVisible();

  const otto = await colleaguePage(browser, test.info().project.use);
  await otto.page.goto("/outstanding");
  await otto.page.getByRole("button", { name: "Views" }).click();
  const listed = otto.page
    .getByRole("list", { name: "Views of this page" })
    .getByRole("listitem")
    .filter({ hasText: name });
  await expect(listed).toContainText(`Shared by ${e2eUser.name}`);
  await listed.getByRole("link", { name }).click();
  await expect(otto.page).toHaveURL(/\/outstanding\?sort=daysOverdue\.desc&overdue=1$/);
  await expect(otto.page.getByLabel("Overdue only")).toBeChecked();

  await otto.page.getByRole("button", { name: "Views" }).click();
  await listed.getByRole("button", { name: "Make default" }).click();
  await expect(listed).toContainText("Your default");
  await otto.page.goto("/outstanding");
  await expect(otto.page).toHaveURL(/\/outstanding\?sort=daysOverdue\.desc&overdue=1$/);
  // Back to no default: Otto's /outstanding is the page as it is for the other journeys.
  await otto.page.getByRole("button", { name: "Views" }).click();
  await listed.getByRole("button", { name: "No default" }).click();
  await expect(listed).not.toContainText("Your default");
  expect(otto.errors).toEqual([]);
});

test("a note, a view's name and an assignee's name holding markup are shown as text, never run", async ({
  page,
  request,
}) => {
  const dialogs: string[] = [];
  page.on("dialog", (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  const position = await overduePosition(request, 3);
  const text = `<script>alert("note")</script><img src=x onerror=alert(2)> **bold** [x](javascript:alert(3)) ${Date.now()}`;
  const name = `<b onmouseover=alert(4)>view</b> ${Date.now()}`;
  const assignee = "<img src=x onerror=alert(1)> Robert'); DROP TABLE notes;--";
  const own = { "sec-fetch-site": "same-origin" };
  const followUp = { assignee: "hostile@example.com", due: todayUtc(), state: "open" };
  const data = { fundId: position.fund.id, investorId: position.investorId, text, followUp };
  expect((await request.post("/api/notes", { data, headers: own })).status()).toBe(201);
  const view = { page: "/outstanding", name, query: "", shared: false };
  expect((await request.post("/api/views", { data: view, headers: own })).status()).toBe(201);

  await page.goto(`/funds/${position.fund.id}/investors/${position.investorId}`);
  const notes = page.getByRole("region", { name: "Notes on this investor" });
  await expect(notes.getByText(text, { exact: true })).toBeVisible();
  await expect(notes.getByText(assignee, { exact: true })).toBeVisible();
  await expect(page.locator("main img, main script:not([src]):not([nonce]), main b")).toHaveCount(0);
  await expect(notes.getByRole("link")).toHaveCount(0);
  await page.goto("/outstanding");
  await page.getByRole("button", { name: "Views" }).click();
  await expect(page.getByRole("region", { name: "Saved views" }).getByRole("link", { name })).toBeVisible();
  expect(dialogs).toEqual([]);
});
