import "server-only";
import { lookup as dnsLookup } from "node:dns/promises";
import type { LookupFunction } from "node:net";
import { isIP } from "node:net";
import { serverEnv } from "../../server/env";

// Where a webhook may point: https to a public address. A host that resolves to a loopback, private, link-local,
// carrier-grade NAT, metadata or otherwise reserved address is refused, in every spelling (IPv4, IPv6, IPv4-mapped
// and the like; the URL parser already turns decimal, octal and hex IPv4 into dotted form), when the URL is saved and
// again on the address each connection resolves to. ALERTS_WEBHOOK_ALLOW names host:ports a deployment trusts.

type Range = { bits: number[]; prefix: number; kind: string };

const v4 = (text: string, prefix: number, kind: string): Range => ({ bits: text.split(".").map(Number), prefix, kind });

// Most specific first: the first match names the kind.
const v4Ranges: Range[] = [
  v4("169.254.169.254", 32, "metadata"),
  v4("168.63.129.16", 32, "metadata"),
  v4("100.100.100.200", 32, "metadata"),
  v4("192.0.0.192", 32, "metadata"),
  v4("0.0.0.0", 8, "reserved"),
  v4("10.0.0.0", 8, "private"),
  v4("100.64.0.0", 10, "carrier-grade NAT"),
  v4("127.0.0.0", 8, "loopback"),
  v4("169.254.0.0", 16, "link-local"),
  v4("172.16.0.0", 12, "private"),
  v4("192.0.0.0", 24, "reserved"),
  v4("192.0.2.0", 24, "reserved"),
  v4("192.88.99.0", 24, "reserved"),
  v4("192.168.0.0", 16, "private"),
  v4("198.18.0.0", 15, "reserved"),
  v4("198.51.100.0", 24, "reserved"),
  v4("203.0.113.0", 24, "reserved"),
  v4("224.0.0.0", 4, "multicast"),
  v4("240.0.0.0", 4, "reserved"),
];

/** The 16 bytes of an IPv6 address (a zone id refused: only link-local addresses have one). */
function v6Bytes(text: string): number[] | null {
  if (text.includes("%")) return null;
  let head = text;
  const tail: number[] = [];
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(head);
  if (dotted) {
    tail.push(...dotted[1]!.split(".").map(Number));
    head = `${head.slice(0, dotted.index)}0:0`;
  }
  const [left, right] = head.split("::") as [string, string | undefined];
  const groups = (part: string | undefined) => (part ? part.split(":").filter((group) => group !== "") : []);
  const before = groups(left);
  const after = groups(right);
  const missing = 8 - before.length - after.length;
  const all = right === undefined ? before : [...before, ...Array(missing).fill("0"), ...after];
  if (all.length !== 8) return null;
  const bytes = all.flatMap((group) => {
    const value = Number.parseInt(group, 16);
    return [value >> 8, value & 0xff];
  });
  if (dotted) bytes.splice(12, 4, ...tail);
  return bytes;
}

const inPrefix = (bytes: readonly number[], range: readonly number[], prefix: number) => {
  for (let bit = 0; bit < prefix; bit++) {
    const mask = 0x80 >> (bit % 8);
    if ((bytes[bit >> 3]! & mask) !== (range[bit >> 3]! & mask)) return false;
  }
  return true;
};

const v6 = (text: string, prefix: number, kind: string): Range => ({ bits: v6Bytes(text)!, prefix, kind });

const v6Ranges: Range[] = [
  v6("fd00:ec2::254", 128, "metadata"),
  v6("::", 128, "reserved"),
  v6("::1", 128, "loopback"),
  v6("64:ff9b:1::", 48, "reserved"),
  v6("100::", 64, "reserved"),
  v6("2001::", 32, "reserved"),
  v6("2001:db8::", 32, "reserved"),
  v6("fc00::", 7, "private"),
  v6("fe80::", 10, "link-local"),
  v6("fec0::", 10, "private"),
  v6("ff00::", 8, "multicast"),
];

function v4Kind(bytes: readonly number[]): string | null {
  return v4Ranges.find((range) => inPrefix(bytes, range.bits, range.prefix))?.kind ?? null;
}

/**
 * Why an address is refused ("loopback", "private", "link-local", "carrier-grade NAT", "metadata", "multicast",
 * "reserved"), or null for a public one. An IPv6 address carrying an IPv4 one (mapped, compatible, NAT64, 6to4) is
 * judged by the IPv4 address too.
 */
export function refusedAddress(address: string): string | null {
  const family = isIP(address.replace(/%.*$/, ""));
  if (family === 4) return v4Kind(address.split(".").map(Number));
  if (family !== 6) return "reserved";
  const bytes = v6Bytes(address);
  if (!bytes) return "link-local";
  const zeros = (from: number, to: number) => bytes.slice(from, to).every((byte) => byte === 0);
  const embedded =
    zeros(0, 10) && ((bytes[10] === 0xff && bytes[11] === 0xff) || (bytes[10] === 0 && bytes[11] === 0))
      ? bytes.slice(12)
      : inPrefix(bytes, v6Bytes("64:ff9b::")!, 96)
        ? bytes.slice(12)
        : inPrefix(bytes, v6Bytes("2002::")!, 16)
          ? bytes.slice(2, 6)
          : null;
  const own = v6Ranges.find((range) => inPrefix(bytes, range.bits, range.prefix));
  if (own?.prefix === 128) return own.kind;
  // ::ffff:0:0/96, ::/96, 64:ff9b::/96 and 2002::/16 carry an IPv4 address: any refusal of it stands.
  return (embedded ? v4Kind(embedded) : null) ?? own?.kind ?? null;
}

export type Resolver = (hostname: string) => Promise<{ address: string; family: number }[]>;

/** The system's resolver: every address of a name. */
export const systemResolver: Resolver = (hostname) => dnsLookup(hostname, { all: true, verbatim: true });

/** host:port pairs ALERTS_WEBHOOK_ALLOW trusts, lower-cased. */
export function trustedHosts(list = serverEnv().ALERTS_WEBHOOK_ALLOW): Set<string> {
  return new Set(
    (list ?? "")
      .split(",")
      .map((entry) => entry.trim().toLowerCase())
      .filter(Boolean),
  );
}

const hostOf = (url: URL) => url.hostname.replace(/^\[(.*)\]$/, "$1");
const portOf = (url: URL) => url.port || (url.protocol === "https:" ? "443" : "80");

/** Whether a URL's host and port are trusted by ALERTS_WEBHOOK_ALLOW. */
export function isTrusted(url: URL, trusted = trustedHosts()): boolean {
  return trusted.has(`${url.hostname.toLowerCase()}:${portOf(url)}`);
}

export class RefusedWebhook extends Error {}

/** The addresses a host resolves to, each checked; throws RefusedWebhook naming the first refused one's kind. */
export async function checkedAddresses(
  hostname: string,
  resolver: Resolver,
): Promise<{ address: string; family: number }[]> {
  const literal = isIP(hostname);
  const addresses = literal ? [{ address: hostname, family: literal }] : await resolver(hostname);
  if (addresses.length === 0) throw new RefusedWebhook("its host has no address");
  for (const { address } of addresses) {
    const kind = refusedAddress(address);
    if (kind) throw new RefusedWebhook(`its host resolves to a ${kind} address`);
  }
  return addresses;
}

/**
 * A webhook URL as saved: https (http only for a trusted host:port), no user name or password, a host whose every
 * address is public (or trusted). Throws RefusedWebhook with what is wrong.
 */
export async function checkWebhookUrl(
  text: string,
  resolver: Resolver = systemResolver,
  trusted = trustedHosts(),
): Promise<{ url: URL; trusted: boolean }> {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new RefusedWebhook("it is not a URL");
  }
  const isTrustedHost = isTrusted(url, trusted);
  if (url.protocol !== "https:" && !(url.protocol === "http:" && isTrustedHost))
    throw new RefusedWebhook("it must be https");
  if (url.username || url.password) throw new RefusedWebhook("it must not hold a user name or password");
  if (!isTrustedHost) {
    try {
      await checkedAddresses(hostOf(url), resolver);
    } catch (error) {
      if (error instanceof RefusedWebhook) throw error;
      throw new RefusedWebhook("its host does not resolve");
    }
  }
  return { url, trusted: isTrustedHost };
}

/** The URL as shown: its scheme and host, the rest (which may hold a token) hidden. */
export function maskedUrl(url: URL): string {
  return `${url.protocol}//${url.host}/…`;
}

/** A connection's lookup that refuses every address the check refuses: a name cannot resolve elsewhere meanwhile. */
export function guardedLookup(resolver: Resolver): LookupFunction {
  return (hostname, options, callback) => {
    checkedAddresses(hostname, resolver).then(
      (addresses) => {
        const wanted = options.family ? addresses.filter((entry) => entry.family === options.family) : addresses;
        const usable = wanted.length > 0 ? wanted : addresses;
        if (options.all) (callback as (error: null, all: typeof usable) => void)(null, usable);
        else callback(null, usable[0]!.address, usable[0]!.family);
      },
      (error: Error) => {
        const refused = Object.assign(new Error(error.message), {
          code: error instanceof RefusedWebhook ? "EREFUSEDADDRESS" : "ENOTFOUND",
        });
        callback(refused, "", 0);
      },
    );
  };
}

export { hostOf };
