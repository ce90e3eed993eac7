import { z } from "zod";
import { apiRoute } from "@/lib/auth/api-route";
import { outstandingFunds } from "@/lib/outstanding/server/reads";

// The funds with capital outstanding and how many positions owe in each: the fund filter's choices.
export const GET = apiRoute("GET /api/outstanding/funds", z.object({}), {}, ({ user }) => outstandingFunds(user));
