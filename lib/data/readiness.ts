import "server-only";
import { probeFunds } from "../customer-api/probe";
import { noteRead, type Principal } from "./principal";
import { sourcesOf } from "./sources";

/** One cheap read of each of the principal's sources that shows it answers (see probeFunds), for /readyz. */
export async function probeUpstream(principal: Principal, timeoutMs: number): Promise<void> {
  noteRead(principal, "readiness_probe");
  await Promise.all(sourcesOf(principal.scope).map((source) => probeFunds(source, timeoutMs)));
}
