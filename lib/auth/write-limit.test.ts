import { describe, expect, it } from "vitest";
import { testPrincipal } from "../testing/principal";
import { withinWriteLimit } from "./write-limit";

describe("withinWriteLimit", () => {
  it("lets a person make 60 changes a minute and refuses the next with 429 and Retry-After, person by person", async () => {
    const olive = testPrincipal({ email: "Olive@example.com" });
    for (let at = 0; at < 60; at++) await withinWriteLimit(olive);
    const refused = await withinWriteLimit(testPrincipal({ email: "olive@example.com" })).catch(
      (error: unknown) => error,
    );
    expect(refused).toMatchObject({ status: 429, retryAfterSeconds: expect.any(Number) });
    await expect(withinWriteLimit(testPrincipal({ email: "otto@example.com" }))).resolves.toBeUndefined();
  });
});
