import "server-only";
import { allUpstreams } from "../customer-api/upstream";

/** Connects to the configured sources (or starts the embedded demo API) at start-up; which kind they are. */
export async function connectUpstream(): Promise<"demo" | "upstream"> {
  const upstreams = await allUpstreams();
  return upstreams.every((upstream) => upstream.mode === "demo") ? "demo" : "upstream";
}
