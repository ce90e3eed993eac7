import { z } from "zod";
import { resend } from "@/lib/alerts/server/subscriptions";
import { apiWrite } from "@/lib/auth/api-route";
import { NotFound } from "@/lib/http/errors";

// The log's Resend: the delivery is sent again from its first attempt (the same webhook-id).
export const POST = apiWrite(
  "POST /api/alerts/deliveries/[id]/resend",
  z.object({ id: z.string() }),
  {
    crossOrigin: "Deliveries are sent again from this dashboard's own origin.",
    failure: "The delivery could not be sent again.",
  },
  async ({ params, user }) => {
    if (!/^\d{1,15}$/.test(params.id)) throw new NotFound("No such delivery.");
    await resend(user, Number(params.id));
    return { ok: true };
  },
);
