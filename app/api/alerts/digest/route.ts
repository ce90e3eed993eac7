import { z } from "zod";
import { apiRoute } from "@/lib/auth/api-route";
import { digestPreview } from "@/lib/alerts/server/preview";

// Today's daily digest as it would be sent now: the person's follow-ups due and the last day's changes they ask for.
export const GET = apiRoute("GET /api/alerts/digest", z.object({}), {}, ({ user }) => digestPreview(user));
