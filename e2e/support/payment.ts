import type { APIRequestContext } from "@playwright/test";
import { expect } from "./fixtures";
import { bumpContributed, upstreamGet } from "./upstream";

export interface ChangedInvestor {
  investorId: string;
  change: string;
  fields: { field: string; kind: string; difference: string }[];
}

export interface Payment {
  fundId: string;
  investor: { id: string; contributed_amount: string };
  /** An instant between the two reads (ISO). */
  since: string;
  /** The fund's changes since then, as its API gives them. */
  changesUrl: string;
  /** The paying investor's entry in those changes, once the second read was kept. */
  changed: ChangedInvestor;
  /** Takes the payment back (the upstream is shared by the suite). */
  takeBack(): Promise<void>;
}

/**
 * A payment of 10,000.00 between two kept reads of the fund at `fundIndex` of the upstream's list, by its first
 * investor: the fund is read (and kept), paid into, and refreshed until the store has kept the second read.
 */
export async function paymentBetweenTwoReads(request: APIRequestContext, fundIndex: number): Promise<Payment> {
  const fundId = (await upstreamGet<{ id: string }[]>("/funds"))[fundIndex]!.id;
  const investor = (await upstreamGet<Payment["investor"][]>(`/funds/${fundId}/investors`))[0]!;
  const rows = `/api/funds/${fundId}/investor-rows`;
  expect((await request.get(`${rows}?refresh=1`)).status()).toBe(200);
  // The first read is kept once written: from then on the fund has a read to compare from.
  await expect.poll(async () => (await request.get(`/api/funds/${fundId}/changes?since=1d`)).status()).toBe(200);
  const since = new Date().toISOString();
  const changesUrl = `/api/funds/${fundId}/changes?since=${encodeURIComponent(since)}`;
  const takeBack = () => bumpContributed(fundId, investor.id, "-10000.00");
  await bumpContributed(fundId, investor.id, "10000.00");
  let changed: ChangedInvestor | undefined;
  try {
    // Refresh reads the list again (at most once a second here) and keeps the new content.
    await expect
      .poll(
        async () => {
          await request.get(`${rows}?refresh=1`);
          const changes = (await (await request.get(changesUrl)).json()) as { investors: ChangedInvestor[] };
          changed = changes.investors.find((entry) => entry.investorId === investor.id);
          return changed !== undefined;
        },
        { timeout: 30_000 },
      )
      .toBe(true);
  } catch (error) {
    await takeBack();
    throw error;
  }
  return { fundId, investor, since, changesUrl, changed: changed!, takeBack };
}
