import "server-only";
import { getUpstream } from "../customer-api/upstream";

/** Connects to the configured upstream (or starts the embedded demo API) at start-up; which one it is. */
export async function connectUpstream(): Promise<"demo" | "upstream"> {
  return (await getUpstream()).mode;
}
