// Shared by the scope probes: a server of its own with people of several roles and scopes, the upstream's funds
// split into an organization in scope (A) and the rest (B), and what of B must never appear in an answer.
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import argon2 from "argon2";
import { postSignIn, rawRequest } from "../support/raw-http";
import { pdfText, zipText } from "../support/pdf";
import { xlsxText } from "../support/xlsx";

export interface Person {
  email: string;
  password: string;
  role?: "viewer" | "ops" | "admin";
  scopes?: string[];
}

/** Writes a users file for these people (argon2id hashes), as `npm run hash-password` would. */
export async function writeUsers(file: string, people: readonly Person[]): Promise<void> {
  const users = await Promise.all(
    people.map(async ({ password, ...person }) => ({ ...person, passwordHash: await argon2.hash(password) })),
  );
  writeFileSync(file, JSON.stringify(users, null, 2));
}

export async function signIn(base: string, person: Person, from: string): Promise<string> {
  const response = await postSignIn(base, person, from);
  if (response.status !== 200) throw new Error(`sign-in as ${person.email}: HTTP ${response.status} ${response.body}`);
  return [response.headers["set-cookie"] ?? []].flat()[0]!.split(";")[0]!;
}

export interface Answer {
  status: number;
  contentType: string;
  /** The body as text; an xlsx file's every cell, one per line. */
  text: string;
}

/** A GET as the dashboard's own page sends it (same-origin), with the person's session. */
export async function get(base: string, path: string, cookie: string): Promise<Answer> {
  const headers = { cookie, origin: base, "sec-fetch-site": "same-origin" };
  const response = await rawRequest(base, path, "GET", headers);
  const contentType = String(response.headers["content-type"] ?? "");
  const { raw } = response;
  const ok = response.status === 200;
  // A file as a person reads it: a sheet's cells, a PDF's text, a zip's entries.
  const text = !ok
    ? raw.toString()
    : contentType.includes("spreadsheetml")
      ? await xlsxText(raw)
      : contentType.includes("application/pdf")
        ? await pdfText(raw)
        : contentType.includes("application/zip")
          ? await zipText(raw)
          : raw.toString();
  return { status: response.status, contentType, text };
}

type Row = Record<string, unknown>;

function strings(value: unknown, found: Set<string> = new Set()): Set<string> {
  if (typeof value === "string") found.add(value);
  else if (typeof value === "number") found.add(String(value));
  else if (Array.isArray(value)) value.forEach((item) => strings(item, found));
  else if (value && typeof value === "object") Object.values(value).forEach((item) => strings(item, found));
  return found;
}

const escaped = (text: string) =>
  text
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&#x27;");

/** An amount as a page shows it: grouped, with its cents. */
function grouped(amount: string): string | null {
  const match = /^(\d+)\.(\d{2})$/.exec(amount);
  return match ? `${Number(match[1]).toLocaleString("en-US")}.${match[2]}` : null;
}

/**
 * What of funds B must never be read in an answer for someone scoped to A: their ids, names, investors' names and
 * emails, and amounts, each only where A's data does not hold the same text (a person in both is A's to see too).
 */
export function probesOf(a: { funds: Row[]; investors: Row[] }, b: { funds: Row[]; investors: Row[] }): string[] {
  const inA = strings(a);
  const candidates = new Set<string>();
  for (const fund of b.funds) {
    candidates.add(String(fund.id));
    const entity = (fund.legal_entity ?? {}) as Row;
    for (const name of [entity.display_name, entity.legal_name]) if (typeof name === "string") candidates.add(name);
  }
  for (const investor of b.investors) {
    const account = (investor.investment_account ?? {}) as Row;
    const contact = (investor.primary_contact ?? {}) as Row;
    for (const text of [account.display_name, account.legal_name, contact.email, contact.full_name])
      if (typeof text === "string") candidates.add(text);
    // Amounts with cents and seven digits or more: round ones are everywhere (A's own, totals, filters).
    for (const amount of [investor.commitment_amount, investor.contributed_amount])
      if (typeof amount === "string" && /^\d{5,}\.(?!00)\d{2}$/.test(amount)) {
        candidates.add(amount);
        const shown = grouped(amount);
        if (shown) candidates.add(shown);
      }
  }
  const distinct = [...candidates].filter((text) => text.length >= 6 && ![...inA].some((held) => held.includes(text)));
  return [...new Set(distinct.flatMap((text) => [text, escaped(text)]))];
}

/** The probes found in an answer, but those the request itself named (a search's words, an id in the path). */
export function leaked(text: string, probes: readonly string[], asked = ""): string[] {
  const named = decodeURIComponent(asked);
  return probes.filter((probe) => !named.includes(probe) && text.includes(probe));
}

export const usersFileFor = (name: string) => join(process.cwd(), ".e2e", `${name}-users.json`);
