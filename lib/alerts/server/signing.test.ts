import { Webhook } from "standardwebhooks";
import { describe, expect, it } from "vitest";
import { maxAttempts, nextAttemptAt, retryAfterMs, retrySchedule } from "./retry";
import { newWebhookSecret } from "./sealed";
import { webhookHeaders } from "./signing";

describe("Standard Webhooks signatures", () => {
  it("verify with the standardwebhooks package, with either secret during a rotation", () => {
    const [next, previous] = [newWebhookSecret(), newWebhookSecret()];
    const body = JSON.stringify({ type: "fund.paid", data: { amount: "10000.25" } });
    const headers = webhookHeaders([next, previous], "msg_abc", Math.floor(Date.now() / 1000), body);
    expect(headers["webhook-signature"]!.split(" ")).toHaveLength(2);
    expect(new Webhook(next).verify(body, headers)).toEqual(JSON.parse(body));
    expect(new Webhook(previous).verify(body, headers)).toEqual(JSON.parse(body));
    expect(() => new Webhook(newWebhookSecret()).verify(body, headers)).toThrow();
    expect(() => new Webhook(next).verify(body.replace("10000.25", "10000.26"), headers)).toThrow();
  });
});

describe("the retry schedule", () => {
  it("is the scheme's: 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h, up to a tenth later, then none", () => {
    expect(maxAttempts).toBe(8);
    const waits = retrySchedule.map((_, at) => nextAttemptAt(at + 1, 0, null, () => 0));
    expect(waits).toEqual([5_000, 300_000, 1_800_000, 7_200_000, 18_000_000, 36_000_000, 36_000_000]);
    expect(nextAttemptAt(1, 0, null, () => 0.999)).toBe(5_500);
    expect(nextAttemptAt(8, 0)).toBeNull();
  });

  it("never retries sooner than Retry-After (seconds or a date, at most a day)", () => {
    expect(nextAttemptAt(1, 0, retryAfterMs("120", 0), () => 0)).toBe(120_000);
    expect(nextAttemptAt(2, 0, retryAfterMs("1", 0), () => 0)).toBe(300_000);
    expect(retryAfterMs(new Date(90_000).toUTCString(), 0)).toBe(90_000);
    expect(retryAfterMs("999999999", 0)).toBe(86_400_000);
    expect(retryAfterMs("soon", 0)).toBeNull();
  });
});
