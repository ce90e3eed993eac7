import "server-only";

type Field = string | number | boolean | null | undefined;

/** One JSON line per event on stdout; callers pass only fields that are safe to keep (no tokens, no PII). */
export function logLine(event: string, fields: Record<string, Field> = {}): void {
  process.stdout.write(`${JSON.stringify({ time: new Date().toISOString(), event, ...fields })}\n`);
}
