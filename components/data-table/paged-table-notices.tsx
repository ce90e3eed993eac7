import { ErrorPanel } from "@/components/ui/error-panel";

interface PagedTableNoticesProps {
  /** Said once when the list changed under the table and it was reloaded from the top. */
  notice: string | null;
  /** A later page that could not be loaded (the rows already shown stay). */
  error: Error | null;
  retry: () => void;
  /** What the rows are, for "Could not load more …". */
  rows: string;
}

/** What a server-paged table says above its rows: a reload's notice, and a later page that failed, with Retry. */
export function PagedTableNotices({ notice, error, retry, rows }: PagedTableNoticesProps) {
  return (
    <>
      {notice ? (
        <p role="status" className="mb-2 text-sm text-amber-800 dark:text-amber-200">
          {notice}
        </p>
      ) : null}
      {error ? <ErrorPanel title={`Could not load more ${rows}`} message={error.message} onRetry={retry} /> : null}
    </>
  );
}
