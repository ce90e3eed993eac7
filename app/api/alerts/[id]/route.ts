import { alertsWrite } from "@/lib/alerts/server/http";
import { removeSubscription } from "@/lib/alerts/server/subscriptions";
import { sameOrigin } from "@/lib/auth/same-origin";
import { requireUser } from "@/lib/auth/session";
import { jsonError } from "@/lib/http/error-response";

// Deletes one of the person's subscriptions (an admin of everything: a team's too), with its deliveries: 204.
export async function DELETE(request: Request, context: RouteContext<"/api/alerts/[id]">): Promise<Response> {
  if (!sameOrigin(request)) return jsonError(403, "Subscriptions are deleted from this dashboard's own origin.");
  return alertsWrite("DELETE /api/alerts/[id]", "The subscription could not be deleted. Try again.", async () => {
    const user = await requireUser();
    await removeSubscription(user, (await context.params).id, request);
    return new Response(null, { status: 204, headers: { "Cache-Control": "private, no-store" } });
  });
}
