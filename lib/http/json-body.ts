import "server-only";
import { BadRequest, PayloadTooLarge } from "./errors";

/**
 * A request's JSON body, refused (413) once it passes `maxBytes`, before anything is parsed; the production
 * server already refuses a declared length over the cap before Next reads a byte (scripts/server.mjs).
 */
export async function readJsonBody(request: Request, maxBytes: number): Promise<unknown> {
  const tooLarge = () => new PayloadTooLarge(`The request body is larger than ${maxBytes} bytes.`);
  if (Number(request.headers.get("content-length") ?? 0) > maxBytes) throw tooLarge();
  const reader = request.body?.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (let next = await reader?.read(); next && !next.done; next = await reader!.read()) {
    size += next.value.byteLength;
    if (size > maxBytes) {
      await reader!.cancel();
      throw tooLarge();
    }
    chunks.push(next.value);
  }
  try {
    return JSON.parse(Buffer.concat(chunks).toString("utf8"));
  } catch {
    throw new BadRequest("The request body is not JSON.");
  }
}
