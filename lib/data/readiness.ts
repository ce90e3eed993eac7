import "server-only";
import { probeFunds } from "../customer-api/probe";
import { noteRead, type Principal } from "./principal";

/** One cheap read that shows the upstream answers (see probeFunds), for /readyz; logged as the principal's. */
export async function probeUpstream(principal: Principal, timeoutMs: number): Promise<void> {
  noteRead(principal, "readiness_probe");
  await probeFunds(timeoutMs);
}
