import { z } from "zod";
import { apiRoute } from "@/lib/api-route";
import { listFunds } from "@/lib/customer-api";

export const GET = apiRoute("GET /api/funds", z.object({}), () => listFunds());
