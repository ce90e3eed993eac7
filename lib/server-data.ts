import "server-only";
import { cache } from "react";
import { getFund, getInvestor } from "./customer-api";

// One upstream read per render, shared by generateMetadata and the page.
export const getFundOnce = cache((fundId: string) => getFund(fundId));
export const getInvestorOnce = cache((fundId: string, investorId: string) => getInvestor(fundId, investorId));
