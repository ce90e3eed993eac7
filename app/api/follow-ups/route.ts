import { z } from "zod";
import { apiRoute } from "@/lib/auth/api-route";
import { myFollowUps } from "@/lib/notes/server/lists";

// The signed-in person's follow-ups in their scope: overdue first, then by due day, the done ones last.
export const GET = apiRoute("GET /api/follow-ups", z.object({}), {}, ({ user }) => myFollowUps(user));
