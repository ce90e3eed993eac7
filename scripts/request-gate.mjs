// The first check of every request, on the raw request, before Next sees it: Next answers some odd requests
// with a bare 500 or re-routes them, and buffers bodies it should never read. These get a JSON 4xx here.

export const maxTargetBytes = 8_192;
export const maxHeaderBytes = 16_384;
export const maxBodyBytes = 4_096;

/** What is wrong with a raw request target, or null when Next may have it. */
export function rawTargetProblem(target) {
  if (!target.startsWith("/")) return "The request target must be a path starting with /.";
  const [path, query = ""] = target.split(/\?(.*)/s);
  try {
    decodeURIComponent(path);
    for (const part of query.split("&")) decodeURIComponent(part.replace(/\+/g, " "));
  } catch {
    return "The address is not validly percent-encoded.";
  }
  const segments = path.split("/").slice(1);
  if (segments.slice(0, -1).some((segment) => segment === "")) return "The address has an empty path segment.";
  if (segments.some((segment) => /^(\.|%2e){1,2}$/i.test(segment))) return "The address has a . or .. segment.";
  if (/(^|&)(__proto__|constructor|prototype)(\[|%5B|=|&|$)/i.test(query))
    return "The query has a forbidden parameter name.";
  return null;
}

/** The refusal of a request (status and message), or null to hand it to Next. */
export function requestProblem({ url = "/", rawHeaders = [], headers = {} }) {
  if (Buffer.byteLength(url) > maxTargetBytes) return [414, `The address is longer than ${maxTargetBytes} bytes.`];
  const headerBytes = rawHeaders.reduce((sum, part) => sum + Buffer.byteLength(part) + 2, 0);
  if (headerBytes > maxHeaderBytes) return [431, `The request headers are larger than ${maxHeaderBytes} bytes.`];
  const problem = rawTargetProblem(url);
  if (problem) return [400, problem];
  if (headers["transfer-encoding"] !== undefined) return [411, "Send the request body with a Content-Length."];
  if (Number(headers["content-length"] ?? 0) > maxBodyBytes)
    return [413, `The request body is larger than ${maxBodyBytes} bytes.`];
  return null;
}

/**
 * For a request Node's parser refused. Its rawPacket is only the chunk where the header limit was passed: when that
 * chunk is still in a long request line (its first line ends `… HTTP/1.1` without starting one, or it starts one that
 * has not ended), the address was too long (414); otherwise the headers (431). A chunk that is all address or all
 * header value cannot tell them apart; it gets 431.
 */
export function parserProblem(error) {
  if (error.code !== "HPE_HEADER_OVERFLOW") return [400, "The request could not be read as HTTP."];
  const packet = error.rawPacket ? error.rawPacket.toString("latin1") : "";
  const lineEnd = packet.indexOf("\r\n");
  const firstLine = lineEnd === -1 ? "" : packet.slice(0, lineEnd);
  const startsRequest = /^[A-Z]+ \S/.test(packet);
  const lineTooLong =
    lineEnd === -1
      ? startsRequest
      : / HTTP\/\d\.\d$/.test(firstLine) && (!startsRequest || Buffer.byteLength(firstLine) > maxTargetBytes);
  return lineTooLong
    ? [414, `The address is longer than ${maxTargetBytes} bytes.`]
    : [431, `The request headers are larger than ${maxHeaderBytes} bytes.`];
}

/**
 * The client's address: the socket's, or with `trustedHops` proxies in front the one the outermost of them
 * reported (each proxy appends the address it saw to X-Forwarded-For; entries further left are the client's say).
 */
export function clientAddressOf(socketAddress, forwardedFor, trustedHops) {
  const plain = (address) => (address ?? "unknown").replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/, "");
  if (trustedHops <= 0) return plain(socketAddress);
  const chain = [
    ...String(forwardedFor ?? "")
      .split(",")
      .map((part) => part.trim())
      .filter(Boolean),
    socketAddress,
  ];
  return plain(chain[Math.max(0, chain.length - 1 - trustedHops)]);
}
