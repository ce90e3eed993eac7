import "server-only";
import { cache } from "react";
import { readInPlace } from "@/lib/data/prefetch";
import { fundReadOnce } from "@/lib/fund-reads/server/page-reads";

/**
 * The fund as this render shows it, and when it was read ("Updated …" counts from there): the record read with the
 * fund's held list while that list is fresh (the one the table, capital outstanding and reconciliation use), else a
 * live read, or the newest kept record while a slow upstream answers. One per render, shared with generateMetadata.
 */
export const readFundOnce = cache(async (fundId: string) => {
  const read = await readInPlace(() => fundReadOnce(fundId));
  return read.value
    ? { value: read.value.value, failure: null, readAt: read.value.readAt, keptAt: read.value.keptAt }
    : { value: null, failure: read.failure, readAt: Date.now(), keptAt: null };
});
