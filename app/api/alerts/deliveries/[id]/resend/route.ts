import { alertsWrite } from "@/lib/alerts/server/http";
import { resend } from "@/lib/alerts/server/subscriptions";
import { sameOrigin } from "@/lib/auth/same-origin";
import { requireUser } from "@/lib/auth/session";
import { jsonError, noStore } from "@/lib/http/error-response";

// The log's Resend: the delivery is sent again from its first attempt (the same webhook-id).
export async function POST(
  request: Request,
  context: RouteContext<"/api/alerts/deliveries/[id]/resend">,
): Promise<Response> {
  if (!sameOrigin(request)) return jsonError(403, "Deliveries are sent again from this dashboard's own origin.");
  return alertsWrite("POST /api/alerts/deliveries/[id]/resend", "The delivery could not be sent again.", async () => {
    const user = await requireUser();
    const { id } = await context.params;
    if (!/^\d{1,15}$/.test(id)) return jsonError(404, "No such delivery.");
    await resend(user, Number(id));
    return Response.json({ ok: true }, { headers: noStore });
  });
}
