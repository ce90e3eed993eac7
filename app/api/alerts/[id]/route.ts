import { z } from "zod";
import { removeSubscription } from "@/lib/alerts/server/subscriptions";
import { noStore } from "@/lib/http/error-response";
import { apiWrite } from "@/lib/auth/api-route";

// Deletes one of the person's subscriptions (an admin of everything: a team's too), with its deliveries: 204.
export const DELETE = apiWrite(
  "DELETE /api/alerts/[id]",
  z.object({ id: z.string() }),
  {
    crossOrigin: "Subscriptions are deleted from this dashboard's own origin.",
    failure: "The subscription could not be deleted. Try again.",
  },
  async ({ params, request, user }) => {
    await removeSubscription(user, params.id, request);
    return new Response(null, { status: 204, headers: noStore });
  },
);
