import { readFileSync } from "node:fs";
import type { Page } from "@playwright/test";
import { storageState } from "../playwright.config";

export const e2eUser = { email: "ops@example.com", name: "Olive Ops", password: "e2e-password-not-a-secret" };
/** A colleague of the e2e user (ops), for the journeys of two people (a follow-up assigned, a view shared). */
export const e2eColleague = {
  email: "otto@example.com",
  name: "Otto Other",
  password: "e2e-otto-password-not-a-secret",
};

/** The signed-in session as a Cookie header, for requests sent outside the browser. */
export function sessionCookieHeader(): string {
  const state = JSON.parse(readFileSync(storageState, "utf8")) as { cookies: { name: string; value: string }[] };
  return state.cookies.map((cookie) => `${cookie.name}=${cookie.value}`).join("; ");
}

/** Signs in through the login page as the local e2e user, or another (the page must be showing the form). */
export async function signInOnPage(page: Page, person: { email: string; password: string } = e2eUser): Promise<void> {
  await page.getByLabel("Email").fill(person.email);
  await page.getByLabel("Password").fill(person.password);
  await page.getByRole("button", { name: "Sign in" }).click();
}
