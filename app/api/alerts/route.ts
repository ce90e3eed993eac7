import { z } from "zod";
import { createSubscription, listSubscriptions } from "@/lib/alerts/server/subscriptions";
import { noStore } from "@/lib/http/error-response";
import { apiRoute, apiWrite } from "@/lib/auth/api-route";
import { readJsonBody } from "@/lib/http/json-body";

// The person's subscriptions (GET), and a new one (POST, JSON from this dashboard's origin): 201 with its id and, for
// a webhook, its signing secret, shown this once; a bad body is a 400 naming the field.
export const GET = apiRoute("GET /api/alerts", z.object({}), {}, async ({ user }) => ({
  subscriptions: await listSubscriptions(user),
}));

// A subscription is a few hundred bytes; the server refuses bodies over 4 KB anyway.
const maxBodyBytes = 4_096;

export const POST = apiWrite(
  "POST /api/alerts",
  z.object({}),
  {
    crossOrigin: "Subscriptions are made from this dashboard's own origin.",
    failure: "The subscription could not be saved. Try again.",
  },
  async ({ request, user }) => {
    const created = await createSubscription(user, await readJsonBody(request, maxBodyBytes), request);
    return Response.json(created, { status: 201, headers: noStore });
  },
);
