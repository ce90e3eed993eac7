import "server-only";
import pino from "pino";
import { processWide } from "./process-wide";

type Field = string | number | boolean | null | undefined;

// A second guard behind "callers log no secrets": these keys are censored wherever a caller puts them.
const redactedKeys = [
  "token",
  "authorization",
  "cookie",
  "password",
  "tax_id",
  "ssn",
  "ein",
  "itin",
  "account_number",
  "iban",
];

/** The server's one logger (pino): JSON lines on stdout, no worker thread or transport. */
function logger() {
  return processWide("logger", () =>
    pino(
      {
        base: undefined,
        timestamp: pino.stdTimeFunctions.isoTime,
        formatters: { level: (label) => ({ level: label }) },
        redact: { paths: redactedKeys.flatMap((key) => [key, `*.${key}`]), censor: "[redacted]" },
      },
      process.stdout,
    ),
  );
}

/** One JSON line per event; callers pass only fields that are safe to keep (no tokens, no PII). */
export function logLine(event: string, fields: Record<string, Field> = {}): void {
  logger().info({ event, ...fields });
}
