import { z } from "zod";
import { listDeliveries } from "@/lib/alerts/server/subscriptions";
import { apiRoute } from "@/lib/auth/api-route";

// The delivery log: the newest deliveries of the person's subscriptions, each attempt with its status.
export const GET = apiRoute("GET /api/alerts/deliveries", z.object({}), {}, async ({ user }) => ({
  deliveries: await listDeliveries(user),
}));
