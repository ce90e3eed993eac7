import "server-only";
import { serverEnv } from "./env";

/** The dashboard's own address when configured (DASHBOARD_PUBLIC_URL); no request header decides it. */
export function publicUrl(): URL | null {
  const configured = serverEnv().DASHBOARD_PUBLIC_URL;
  return configured ? new URL(configured) : null;
}

/** Served over https: cookies are Secure and `__Host-` prefixed, and every response carries HSTS. */
export function servedOverHttps(): boolean {
  return publicUrl()?.protocol === "https:";
}
