// Talks to the standalone demo Customer API that the e2e run starts, behind the app under test.
import type { PlantedDifferences } from "../../lib/demo-api/planted-differences";
import { ports } from "../playwright.config";

export const upstreamUrl = `http://127.0.0.1:${ports.upstream}`;

function token(): string {
  const value = process.env.E2E_UPSTREAM_TOKEN;
  if (!value) throw new Error("E2E_UPSTREAM_TOKEN is not set: run through e2e/playwright.config.ts");
  return value;
}

export async function upstreamGet<T>(path: string): Promise<T> {
  const response = await fetch(`${upstreamUrl}/customerapi${path}`, {
    headers: { Authorization: `Bearer ${token()}` },
  });
  if (!response.ok) throw new Error(`upstream ${path}: HTTP ${response.status}`);
  return (await response.json()) as T;
}

export async function setFaults(state: Record<string, unknown>): Promise<void> {
  const response = await fetch(`${upstreamUrl}/__demo/control`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(state),
  });
  if (!response.ok) throw new Error(`setting faults: HTTP ${response.status}`);
}

/** Adds an exact amount to one investor's contributed amount from then on (a negative one takes it back). */
export async function bumpContributed(fundId: string, investorId: string, amount: string): Promise<void> {
  await setFaults({ bump: { fundId, investorId, field: "contributed_amount", amount } });
}

export async function resetUpstream(): Promise<void> {
  await fetch(`${upstreamUrl}/__demo/reset`, { method: "POST" });
}

/** Every path the upstream has been asked for in this run (other tests run in parallel, so count by path). */
export async function upstreamPaths(): Promise<string[]> {
  const response = await fetch(`${upstreamUrl}/__demo/stats`);
  return Object.keys(((await response.json()) as { paths: Record<string, number> }).paths);
}

/** Fails if the upstream was ever asked for a path containing one of these markers. */
export async function expectUpstreamNeverSaw(markers: string[]): Promise<void> {
  const seen = (await upstreamPaths()).filter((path) => markers.some((marker) => path.includes(marker)));
  if (seen.length > 0) throw new Error(`the upstream received ${JSON.stringify(seen)}`);
}

export function upstreamToken(): string {
  return token();
}

export interface Planted {
  differences: PlantedDifferences;
  familyOffice: { email: string; members: { fundId: string; investorId: string; taxId: string; legalName: string }[] };
  sharedIdentities: { taxId: string; email: string; legalName: string; investorType: string; fundIds: string[] }[];
}

/** What the demo planted for tests to find: investors in several funds, the family-office pair, the differences. */
export async function upstreamPlanted(): Promise<Planted> {
  return (await (await fetch(`${upstreamUrl}/__demo/planted`)).json()) as Planted;
}
