import "server-only";
import { cache } from "react";
import { requireUser } from "../../auth/session";
import { fundRead, investorRead } from "./records";

// One read per render, shared by generateMetadata and the page, each for the person signed in: held or kept at once,
// else live (records.ts).
export const fundReadOnce = cache(async (fundId: string) => fundRead(await requireUser(), fundId));
export const investorReadOnce = cache(async (fundId: string, investorId: string) =>
  investorRead(await requireUser(), fundId, investorId),
);
