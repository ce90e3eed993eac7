interface FileLinksProps {
  /** The files' base path and its extensions: `…/statement` → .pdf, .csv, .xlsx. */
  files: { label: string; href: string }[];
  label: string;
}

const link =
  "inline-flex min-h-9 items-center rounded-md border border-zinc-300 px-3 text-sm font-medium hover:bg-zinc-100 dark:border-zinc-700 dark:hover:bg-zinc-800";

/** Download links (plain links: the browser saves each file, and the server counts and audits it). */
export function FileLinks({ files, label }: FileLinksProps) {
  return (
    <ul aria-label={label} className="flex flex-wrap gap-2">
      {files.map((file) => (
        <li key={file.href}>
          <a href={file.href} download className={link}>
            {file.label}
          </a>
        </li>
      ))}
    </ul>
  );
}
