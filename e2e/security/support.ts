// Shared by the security probes: the security app's own upstream (the spec's field-reference shape), sign-in from
// chosen loopback addresses, and every secret value a record carries, wherever it is nested.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { ports } from "../playwright.config";
import { postSignIn } from "../support/raw-http";

export const securityBase = `http://127.0.0.1:${ports.securityApp}`;
export const securityUpstream = `http://127.0.0.1:${ports.securityUpstream}`;
export const appLog = () => readFileSync(join(process.cwd(), ".e2e", "security-app.log"), "utf8");
export const usersFile = join(process.cwd(), ".e2e", "security-users.json");

export const people = {
  olive: { email: "ops@example.com", password: "e2e-password-not-a-secret" },
  otto: { email: "other@example.com", password: "e2e-other-password-not-a-secret" },
  lee: { email: "leaver@example.com", password: "e2e-leaver-password-not-a-secret" },
  vera: { email: "viewer@example.com", password: "e2e-viewer-password-not-a-secret" },
  ada: { email: "auditor@example.com", password: "e2e-auditor-password-not-a-secret" },
};

export async function upstreamGet<T>(path: string): Promise<T> {
  const get = () =>
    fetch(`${securityUpstream}/customerapi${path}`, {
      headers: { Authorization: `Bearer ${process.env.E2E_UPSTREAM_TOKEN}` },
    });
  // A kept-alive connection the demo API closes just as it is reused resets (ECONNRESET on a busy CI machine): a GET
  // is asked again once, on a new connection.
  const response = await get().catch(get);
  if (!response.ok) throw new Error(`security upstream ${path}: HTTP ${response.status}`);
  return (await response.json()) as T;
}

/** How many times the security upstream has been asked for each path. */
export async function upstreamCounts(): Promise<Record<string, number>> {
  return ((await (await fetch(`${securityUpstream}/__demo/stats`)).json()) as { paths: Record<string, number> }).paths;
}

/** Signs a person in from a loopback address of the test's own (the server counts failures per address). */
export async function sessionCookie(person: { email: string; password: string }, from: string): Promise<string> {
  const response = await postSignIn(securityBase, person, from);
  if (response.status !== 200)
    throw new Error(`sign-in as ${person.email} from ${from}: HTTP ${response.status} ${response.body}`);
  const setCookie = [response.headers["set-cookie"] ?? []].flat()[0] ?? "";
  return setCookie.split(";")[0]!;
}

const secretKey = /^(tax_id|ssn|ein|itin|account_number|iban)$/;

/** Every full value under a secret key (any spelling, any depth) long enough to tell from its masked form. */
export function secretsOf(record: unknown, underSecret = false): string[] {
  if (record === null || record === undefined) return [];
  if (typeof record !== "object") return underSecret && String(record).length > 4 ? [String(record)] : [];
  return Object.entries(record).flatMap(([key, value]) =>
    secretsOf(value, underSecret || secretKey.test(key.toLowerCase().replace(/[\s-]/g, "_"))),
  );
}

/**
 * The security upstream's funds, in its order (--fund-sizes 40,50000 --funds 3): a 40-investor fund most probes
 * use, the 50,000-investor one, and a third that only the refusal probes name, so its upstream reads can be counted.
 */
let funds: Promise<{ small: string; big: string; untouched: string }> | null = null;
export function securityFunds(): Promise<{ small: string; big: string; untouched: string }> {
  funds ??= upstreamGet<{ id: string }[]>("/funds").then(([small, big, untouched]) => ({
    small: small!.id,
    big: big!.id,
    untouched: untouched!.id,
  }));
  funds.catch(() => (funds = null));
  return funds;
}
