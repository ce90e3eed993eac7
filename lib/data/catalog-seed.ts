import "server-only";
import { listedFunds } from "../store/server";
import { seedFundsList } from "./catalog";
import { fingerprintOf, sourceNames } from "./sources";

/**
 * At a start: each source's catalog from the funds its newest kept funds list named (the read model's), so a kept
 * fund's page answers before the live list is read; the live list replaces it.
 */
export async function seedCatalog(): Promise<number> {
  const sources = sourceNames();
  const fingerprints = await Promise.all(sources.map(fingerprintOf));
  const funds = await listedFunds(fingerprints);
  for (const [at, source] of sources.entries()) {
    const listed = funds.filter((fund) => fund.fingerprint === fingerprints[at]);
    seedFundsList(
      source,
      listed.map((fund) => ({ id: fund.fundId, organization_name: fund.organization })),
    );
  }
  return funds.length;
}
