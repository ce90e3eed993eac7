// Kept values over time as the pages show them: exact decimal strings, instants as ISO text.

/** One kept value's series: what it is, and the key of its value in each point. */
export interface HistoryField {
  key: string;
  label: string;
}

/** Values over time, oldest first: one point per distinct kept read (the same content seen again adds none). */
export interface History {
  fields: HistoryField[];
  points: { at: string; values: Record<string, string | null> }[];
}
