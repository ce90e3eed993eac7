interface CsvUrlOptions {
  all: boolean;
  sensitive: boolean;
  bom: boolean;
}

/** A CSV route's URL: the view's parameters (unless every row is asked for) and the export options. */
export function csvUrl(path: string, view: Record<string, string | null | undefined>, options: CsvUrlOptions): string {
  const params = new URLSearchParams();
  if (options.all) params.set("all", "1");
  else for (const [key, value] of Object.entries(view)) if (value) params.set(key, value);
  if (options.sensitive) params.set("sensitive", "1");
  if (options.bom) params.set("bom", "1");
  const query = params.toString();
  return query ? `${path}?${query}` : path;
}
