import "server-only";
import { processWide } from "../server/process-wide";
import { listedFunds } from "../store/server";
import { seedFundsList } from "./catalog";
import { fingerprintOf, sourceNames } from "./sources";

/**
 * Each source's catalog from the funds its newest kept funds list named (the read model's), once per process, so a
 * kept fund answers before the live list is read (the live list replaces it). A store that cannot answer seeds
 * nothing: the live list decides, as without a store.
 */
export function seedCatalog(): Promise<number> {
  return processWide("catalog-seed", async () => {
    const sources = sourceNames();
    const fingerprints = await Promise.all(sources.map(fingerprintOf));
    const funds = await listedFunds(fingerprints).catch(() => []);
    for (const [at, source] of sources.entries()) {
      const listed = funds.filter((fund) => fund.fingerprint === fingerprints[at]);
      seedFundsList(
        source,
        listed.map((fund) => ({ id: fund.fundId, organization_name: fund.organization })),
      );
    }
    return funds.length;
  });
}
