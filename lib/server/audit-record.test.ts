import { afterEach, describe, expect, it, vi } from "vitest";
import { ServiceUnavailable } from "@/lib/http/errors";
import { auditTestState, auditTestStore } from "@/lib/audit/server/audit-test-store";
import { auditEntry, operatorOf } from "./audit-entries";
import { auditQuietly, recordAudit } from "./audit-record";

// Imported in the factory: the mock is made before this file's own imports are.
vi.mock("@/lib/store/server", async (importOriginal) =>
  (await import("@/lib/audit/server/audit-test-store")).auditStoreMock(await importOriginal()),
);

describe("recordAudit", () => {
  const rows = auditTestStore();
  afterEach(() => void (auditTestState.down = null));
  const forget = auditEntry(operatorOf(), { action: "forget", outcome: "done", detail: "removed 2 kept positions" });

  it("keeps one row per call, chained, naming the operator of a command", async () => {
    await recordAudit(forget);
    await recordAudit({ ...forget, outcome: "failed" });
    const kept = await rows();
    expect(kept).toHaveLength(2);
    expect(kept[0]).toMatchObject({ actor: expect.stringMatching(/^cli:./), method: "cli", action: "forget" });
    expect(kept[1]!.prevHash).toBe(kept[0]!.hash);
  });

  it("refuses with a 503 that says what was not done when the store cannot take the row", async () => {
    auditTestState.down = "connect ECONNREFUSED 127.0.0.1:5432";
    const reveal = { ...forget, action: "reveal" as const, outcome: "allowed" as const, detail: "tax_id" };
    const refused = await recordAudit(reveal).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(ServiceUnavailable);
    expect((refused as ServiceUnavailable).status).toBe(503);
    expect((refused as Error).message).toBe(
      "The audit trail cannot record this now, so nothing was revealed (connect ECONNREFUSED 127.0.0.1:5432). " +
        "Try again in a moment.",
    );
    // Quietly: never thrown, nothing kept.
    const before = (await rows()).length;
    auditQuietly(reveal);
    await new Promise((resolve) => setTimeout(resolve, 50));
    auditTestState.down = null;
    expect(await rows()).toHaveLength(before);
  });
});
