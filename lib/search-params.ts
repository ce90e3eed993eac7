/** A page's `searchParams` as URLSearchParams; of a repeated key the first value counts, as in the browser's URL state. */
export function searchParamsOf(record: Record<string, string | string[] | undefined>): URLSearchParams {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(record)) {
    const first = Array.isArray(value) ? value[0] : value;
    if (first !== undefined) search.set(key, first);
  }
  return search;
}
