import "server-only";
import { cache } from "react";
import { requireUser } from "@/lib/auth/session";
import { getFundOnce } from "@/lib/data/page-reads";
import { readInPlace } from "@/lib/data/prefetch";
import { heldFundList } from "@/lib/fund-reads/server/fund-lists";

/**
 * The fund as this render shows it, and when it was read ("Updated …" counts from there): the record read with the
 * fund's held list while that list is fresh (the one the table, capital outstanding and reconciliation use), else
 * a read of its own. One per render, shared by generateMetadata and the page.
 */
export const readFundOnce = cache(async (fundId: string) => {
  const held = await readInPlace(async () => heldFundList(await requireUser(), fundId));
  if (held.value) return { value: held.value.fund, failure: null, readAt: held.value.startedAt };
  return { ...(await readInPlace(() => getFundOnce(fundId))), readAt: Date.now() };
});
