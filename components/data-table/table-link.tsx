import Link from "next/link";

interface TableLinkProps {
  href: string;
  /** The link text, also its hover title (long names are truncated in a cell). */
  text: string;
}

/** A row's link to its record page: a real link (open in new tab works), never prefetched. */
export function TableLink({ href, text }: TableLinkProps) {
  return (
    // Each prefetch would render a page on the server and call the upstream: a grid of links is not worth it.
    <Link
      href={href}
      prefetch={false}
      title={text}
      className="font-medium text-blue-700 hover:underline dark:text-blue-300"
    >
      {text}
    </Link>
  );
}
