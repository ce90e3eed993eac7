import "server-only";
import { sourceNames } from "../../data/sources";
import { storeStartsEmpty } from "../../store/server";
import { processWide } from "../../server/process-wide";
import { keptOrganization } from "./kept";
import { beginKeptLoad } from "./kept-start";
import { sourceNow, sourceState } from "./organization";

/**
 * At a process's start: each source's organization and fund lists from their newest reads kept under its current
 * token, served "as of" those reads as they load (a few hundred funds at a time), then the live reads begun. Without
 * a store, or with nothing kept, it only begins the live reads on first use, as before. Runs once per process.
 */
export function warmFromStore(): Promise<{ funds: number; positions: number } | null> {
  return processWide("fund-reads-warm", async () => {
    // A new embedded folder keeps nothing yet: the live reads begin on first use, not after its initdb.
    if (storeStartsEmpty()) return null;
    const warmed = await Promise.all(
      sourceNames().map(async (source) => {
        // A request meanwhile (the warm-up's page) is served from the store as it loads, not a build begun.
        const load = beginKeptLoad(source);
        // Positions only: a fund's records are held when its page is first opened (fund-lists.ts).
        const kept = await keptOrganization(source, (some) => load.serve(some));
        load.end(kept);
        // The live reads begin now, in the background (after a load that failed midway too): nobody waits on them.
        if (kept || sourceState(source).funds.size > 0) void sourceNow(source).catch(() => undefined);
        return kept;
      }),
    );
    const kept = warmed.filter((organization) => organization !== null);
    if (kept.length === 0) return null;
    const lists = kept.flatMap((organization) => organization.lists);
    return { funds: lists.length, positions: lists.reduce((sum, list) => sum + list.positions.length, 0) };
  });
}
