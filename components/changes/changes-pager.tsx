import Link from "next/link";
import { changesPageSearch, type ChangesView } from "@/lib/changes/search-params";
import type { ChangesPageInfo } from "@/lib/changes/types";
import { formatCount } from "@/lib/values/format";

interface ChangesPagerProps {
  view: ChangesView;
  page: ChangesPageInfo;
}

const linkClass = "font-medium text-blue-700 hover:underline dark:text-blue-300";

/** Where this page sits in the view's changes, and links to the pages either side (the URL is the state). */
export function ChangesPager({ view, page }: ChangesPagerProps) {
  if (page.lines <= page.size && page.number === 1) return null;
  const first = Math.min(page.lines, (page.number - 1) * page.size + 1);
  const last = Math.min(page.lines, page.number * page.size);
  return (
    <nav aria-label="Pages of changes" className="flex flex-wrap items-center gap-4 text-sm" data-pager>
      <span data-page-lines>
        {page.number > page.pages
          ? `Page ${formatCount(page.number)} is past the last (${formatCount(page.pages)}).`
          : `Changes ${formatCount(first)}–${formatCount(last)} of ${formatCount(page.lines)}, page ${formatCount(page.number)} of ${formatCount(page.pages)}`}
      </span>
      {page.number > 1 ? (
        <Link href={`/changes${changesPageSearch(view, Math.min(page.number - 1, page.pages))}`} className={linkClass}>
          ← Previous changes
        </Link>
      ) : null}
      {page.number < page.pages ? (
        <Link href={`/changes${changesPageSearch(view, page.number + 1)}`} className={linkClass} rel="next">
          More changes →
        </Link>
      ) : null}
    </nav>
  );
}
