import "server-only";
import type { Principal } from "../../data/principal";
import { can } from "../../access/policy";
import { refusals } from "../../data/fund-access";
import { Forbidden } from "../../http/errors";
import { startExport } from "../../server/fair-share";
import type { ExportFormat } from "../export-format";
import { admitSensitiveRead, auditSensitiveExport, type ExportAudit } from "../../sensitive/server/sensitive-reads";

/** A file download (CSV or xlsx): never cached, never sniffed. */
export function exportResponse(
  format: Pick<ExportFormat, "contentType">,
  body: ReadableStream<Uint8Array>,
  disposition: string,
  headers: Record<string, string> = {},
): Response {
  return new Response(body, {
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
 * numbers is same-origin and limited like a reveal, and audited from its start (who, which file; then the rows sent
 * when it ends, is cancelled or fails; never the values).
 */
export async function exportHooks(
  request: Request,
  sensitive: boolean,
  file: string,
  fundId: string | null,
  user: Principal,
): Promise<ExportAudit> {
  if (sensitive) {
    await admitSensitiveRead(request, user, "export");
    // A file across funds is decided here; each fund's records are decided again where they are read (lib/data).
    if (!can(user, "export.sensitive", null)) throw new Forbidden(refusals["export.sensitive"]);
  }
  const end = startExport(user.email);
  const audit: Partial<ExportAudit> = sensitive ? auditSensitiveExport(user, file, fundId) : {};
  return {
    onDone: (rows) => {
      end();
      audit.onDone?.(rows);
    },
    onCancel: (rows) => {
      end();
      audit.onCancel?.(rows);
    },
    onError: (error, rows) => {
      end();
      audit.onError?.(error, rows);
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
