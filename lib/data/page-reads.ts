import "server-only";
import { cache } from "react";
import { requireUser } from "../auth/session";
import { readFund } from "../fund-reads/server/funds";
import { getInvestor } from "./investors";

// One upstream read per render, shared by generateMetadata and the page, each for the person signed in.
export const getFundOnce = cache(async (fundId: string) => readFund(await requireUser(), fundId));
export const getInvestorOnce = cache(async (fundId: string, investorId: string) =>
  getInvestor(await requireUser(), fundId, investorId),
);
