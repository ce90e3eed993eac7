import type { APIRequestContext } from "@playwright/test";
import { expect } from "./fixtures";

/**
 * Waits until the directory has read every fund. A fund that could not be read (on a busy CI machine a read can pass
 * the e2e upstream's 2 s timeout) is read again as a person's Refresh would, so a test of the data sees all of it.
 */
export async function wholeDirectory(request: APIRequestContext): Promise<void> {
  let refresh = false;
  await expect
    .poll(
      async () => {
        const body = (await (await request.get(`/api/investors?limit=1${refresh ? "&refresh=1" : ""}`)).json()) as {
          complete: boolean;
          failedFunds: unknown[];
        };
        refresh = body.complete && body.failedFunds.length > 0;
        return body.complete && body.failedFunds.length === 0;
      },
      { timeout: 60_000 },
    )
    .toBe(true);
}
