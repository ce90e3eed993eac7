import "server-only";
import { redirect } from "next/navigation";
import { requireUser } from "../../auth/session";
import { defaultViewHref } from "./views";

/**
 * A table page opened with no query string opens the person's default view of it, if they have one: the page with
 * that view's query, as its link would.
 */
export async function openDefaultView(
  path: string,
  searchParams: Record<string, string | string[] | undefined>,
): Promise<void> {
  if (Object.keys(searchParams).length > 0) return;
  const href = await defaultViewHref(await requireUser(), path);
  if (href) redirect(href);
}
