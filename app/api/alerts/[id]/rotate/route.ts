import { alertsWrite } from "@/lib/alerts/server/http";
import { rotateSecret } from "@/lib/alerts/server/subscriptions";
import { sameOrigin } from "@/lib/auth/same-origin";
import { requireUser } from "@/lib/auth/session";
import { jsonError, noStore } from "@/lib/http/error-response";

// A new signing secret for a subscription's webhook, shown this once; the old one signs beside it for a day.
export async function POST(request: Request, context: RouteContext<"/api/alerts/[id]/rotate">): Promise<Response> {
  if (!sameOrigin(request)) return jsonError(403, "Secrets are rotated from this dashboard's own origin.");
  return alertsWrite("POST /api/alerts/[id]/rotate", "The secret could not be rotated. Try again.", async () => {
    const user = await requireUser();
    return Response.json(await rotateSecret(user, (await context.params).id), { headers: noStore });
  });
}
