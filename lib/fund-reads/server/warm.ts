import "server-only";
import { processWide } from "../../server/process-wide";
import { holdKeptLists } from "./fund-lists";
import { keptOrganization } from "./kept";
import { awaitKeptReads, organizationSnapshot, startFromKept } from "./organization";

/**
 * At a process's start: the organization and the fund lists from their newest kept reads, served at once "as of"
 * those reads, then the live reads begun. Without a store, or with nothing kept, it only begins the live reads
 * on first use, as before. Runs once per process.
 */
export function warmFromStore(): Promise<{ funds: number; positions: number } | null> {
  return processWide("fund-reads-warm", async () => {
    const served = keptOrganization().then((kept) => {
      if (kept) {
        startFromKept(kept);
        holdKeptLists(kept.lists);
      }
      return kept;
    });
    // A request meanwhile (the warm-up's page) finds the organization served from the store, not a build begun.
    awaitKeptReads(served);
    const kept = await served;
    if (!kept) return null;
    // The live reads begin now, in the background: nobody waits on them.
    void organizationSnapshot().catch(() => undefined);
    return { funds: kept.lists.length, positions: kept.lists.reduce((sum, list) => sum + list.investors.length, 0) };
  });
}
