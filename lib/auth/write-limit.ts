import "server-only";
import type { Principal } from "../data/principal";
import { TooManyRequests } from "../http/errors";
import { processWide } from "../server/process-wide";
import { sharedLimiter } from "./shared-limiter";

// A person writing notes or saving views makes a few a minute; a script writing hundreds is stopped, as for reveals.
const limiter = () =>
  processWide("team-write-limit", () => sharedLimiter("team-write", { limit: 60, windowMs: 60_000 }));

/** The per-person limit of the team's writes (notes, follow-ups, views), shared by every instance: 429 past it. */
export async function withinWriteLimit(user: Principal): Promise<void> {
  const decision = await limiter().take(user.email.toLowerCase());
  if (!decision.allowed)
    throw new TooManyRequests("Too many changes in a minute. Wait a moment.", decision.retryAfterSeconds);
}
