import "server-only";
import type { Principal } from "../../data/principal";
import { startExport } from "../../server/fair-share";
import { collectStreamGarbage } from "../../server/heap";
import type { ExportFormat } from "../export-format";
import { auditSensitiveExport, type ExportAudit } from "../../sensitive/server/sensitive-reads";

/** The file's bytes as they are, its garbage collected as it streams (lib/server/heap.ts says why). */
function collectedAsItStreams(body: ReadableStream<Uint8Array>): ReadableStream<Uint8Array> {
  const baseline = process.memoryUsage().heapUsed;
  return body.pipeThrough(
    new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, controller) {
        controller.enqueue(chunk);
        collectStreamGarbage(baseline);
      },
    }),
  );
}

/** A file download (CSV or xlsx): never cached, never sniffed. */
export function exportResponse(
  format: Pick<ExportFormat, "contentType">,
  body: ReadableStream<Uint8Array>,
  disposition: string,
  headers: Record<string, string> = {},
): Response {
  return new Response(collectedAsItStreams(body), {
    headers: {
      "Content-Type": format.contentType,
      "Content-Disposition": disposition,
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
      ...headers,
    },
  });
}

/**
 * What every export does around its rows: at most a couple at once per person; one with full tax ids and account
 * numbers is same-origin, allowed by the policy and limited like a reveal, and recorded in the audit trail before its
 * first byte (who, which file; a row that cannot be written refuses it, 503), then again when it ends, is cancelled
 * or fails (the rows sent; never the values).
 */
export async function exportHooks(
  request: Request,
  sensitive: boolean,
  file: string,
  fundId: string | null,
  user: Principal,
): Promise<ExportAudit> {
  const audit = sensitive ? await auditSensitiveExport(request, user, file, fundId) : null;
  const end = startExport(user.email);
  try {
    await audit?.start();
  } catch (error) {
    end();
    throw error;
  }
  return {
    onDone: (rows) => {
      end();
      audit?.onDone(rows);
    },
    onCancel: (rows) => {
      end();
      audit?.onCancel(rows);
    },
    onError: (error, rows) => {
      end();
      audit?.onError(error, rows);
    },
  };
}

/** Awaits what an export needs before its first row; a failure there ends the export (and its audit) at once. */
export async function beforeFirstRow<T>(hooks: ExportAudit, work: Promise<T>): Promise<T> {
  try {
    return await work;
  } catch (error) {
    hooks.onError(error, 0);
    throw error;
  }
}
