import "server-only";
import { serverEnv } from "../../server/env";
import { publicUrl } from "../../server/public-url";

/** The dashboard's own address for links: DASHBOARD_PUBLIC_URL, else this server on localhost. */
export function dashboardBase(): string {
  const configured = publicUrl();
  return configured ? configured.origin : `http://localhost:${serverEnv().PORT}`;
}

export const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);
