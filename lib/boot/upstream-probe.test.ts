import { beforeEach, describe, expect, it, vi } from "vitest";
import { CustomerApiError } from "../customer-api/errors";
import { eventually } from "@/lib/testing/eventually";

const probeUpstream = vi.fn<() => Promise<void>>();
vi.mock("../data/readiness", () => ({ probeUpstream: () => probeUpstream() }));
vi.mock("../server/env", async (original) => ({
  ...(await original<typeof import("../server/env")>()),
  serverEnv: () => ({ READINESS_PROBE_SECONDS: 15 }),
}));
const { upstreamProbe } = await import("./upstream-probe");

let now = 0;
const clock = () => now;
const hanging = () => {
  let settle: (error?: Error) => void = () => undefined;
  probeUpstream.mockReturnValueOnce(
    new Promise<void>((resolve, reject) => (settle = (e) => (e ? reject(e) : resolve()))),
  );
  return (error?: Error) => settle(error);
};

describe("upstreamProbe", () => {
  beforeEach(() => {
    (globalThis as Record<symbol, unknown>)[Symbol.for("fund-explorer.upstream-probe")] = undefined;
    probeUpstream.mockReset();
    now = 1_000_000;
  });

  it("waits for the first probe, then answers from the last one without asking the upstream again within 15 s", async () => {
    probeUpstream.mockResolvedValue(undefined);
    expect(await upstreamProbe(clock)).toMatchObject({ problem: null });
    now += 14_000;
    expect(await upstreamProbe(clock)).toMatchObject({ problem: null });
    expect(probeUpstream).toHaveBeenCalledTimes(1);
  });

  it("keeps reporting the last answer while a probe hangs, and the timeout once it gives up; recovers after", async () => {
    probeUpstream.mockResolvedValueOnce(undefined);
    await upstreamProbe(clock);
    now += 15_000;
    const giveUp = hanging();
    expect(await upstreamProbe(clock)).toMatchObject({ problem: null });
    now += 3_000;
    expect(await upstreamProbe(clock)).toMatchObject({ problem: null });
    expect(probeUpstream).toHaveBeenCalledTimes(2);
    giveUp(new CustomerApiError("timeout", "did not answer"));
    await eventually(async () =>
      expect(await upstreamProbe(clock)).toMatchObject({ problem: "The Customer API did not answer within 3 s." }),
    );
    probeUpstream.mockResolvedValueOnce(undefined);
    now += 15_000;
    await upstreamProbe(clock);
    await eventually(async () => expect(await upstreamProbe(clock)).toMatchObject({ problem: null }));
    expect(probeUpstream).toHaveBeenCalledTimes(3);
  });

  it("says why in words that carry no address or token", async () => {
    probeUpstream.mockRejectedValueOnce(new CustomerApiError("token_rejected", "rejected", 401));
    expect((await upstreamProbe(clock)).problem).toBe("The Customer API rejected the dashboard's token.");
    now += 15_000;
    probeUpstream.mockRejectedValueOnce(new CustomerApiError("upstream_failure", "failed", 500));
    await upstreamProbe(clock);
    await eventually(async () =>
      expect((await upstreamProbe(clock)).problem).toBe("The Customer API answered HTTP 500."),
    );
  });

  it("waits for a new probe after a long quiet spell rather than report an old answer", async () => {
    probeUpstream.mockResolvedValueOnce(undefined);
    await upstreamProbe(clock);
    now += 60_000;
    probeUpstream.mockRejectedValueOnce(new CustomerApiError("upstream_failure", "down"));
    expect((await upstreamProbe(clock)).problem).toBe("The Customer API could not be reached.");
  });
});
