import { SavedViews } from "./saved-views";

/** A table page's title, with its saved views beside it. */
export function TablePageHeading({ title, page, level = 1 }: { title: string; page: string; level?: 1 | 2 }) {
  const Heading = level === 1 ? "h1" : "h2";
  return (
    <div className="mb-1 flex flex-wrap items-center justify-between gap-3">
      <Heading
        id={level === 2 ? "investors-heading" : undefined}
        className={level === 1 ? "text-2xl font-semibold tracking-tight" : "text-xl font-semibold tracking-tight"}
      >
        {title}
      </Heading>
      <SavedViews page={page} />
    </div>
  );
}
