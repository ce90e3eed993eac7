/** A scalar as the upstream sent it (the spec leaves types open), before any formatting. */
export type RawValue = string | number | boolean | null | undefined;
