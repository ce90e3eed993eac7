import { z } from "zod";
import { rotateSecret } from "@/lib/alerts/server/subscriptions";
import { apiWrite } from "@/lib/auth/api-route";

// A new signing secret for a subscription's webhook, shown this once; the old one signs beside it for a day.
export const POST = apiWrite(
  "POST /api/alerts/[id]/rotate",
  z.object({ id: z.string() }),
  {
    crossOrigin: "Secrets are rotated from this dashboard's own origin.",
    failure: "The secret could not be rotated. Try again.",
  },
  async ({ params, user }) => rotateSecret(user, params.id),
);
