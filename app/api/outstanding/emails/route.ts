import { z } from "zod";
import { apiRoute } from "@/lib/auth/api-route";
import { outstandingViewParsers } from "@/lib/outstanding/search-params";
import { outstandingEmails } from "@/lib/outstanding/server/reads";

// The distinct contact emails of every position in the view, for a reminder ("Copy emails").
export const GET = apiRoute("GET /api/outstanding/emails", z.object({}), outstandingViewParsers, ({ query, user }) =>
  outstandingEmails(user, query),
);
