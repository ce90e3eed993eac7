import "server-only";

// One email's tax keys: the key alone while it is the only one and counted once (nearly every email), else a count per
// key. A Map per email held about 200 bytes; the string is the key the position holds already.
type Counts = string | Map<string, number>;

/** For each email, the tax keys of the positions with it, with how many positions carry each. */
export class EmailTaxKeys {
  private readonly byEmail = new Map<string, Counts>();

  add(email: string, taxKey: string): void {
    const counts = this.byEmail.get(email);
    if (counts === undefined) this.byEmail.set(email, taxKey);
    else if (typeof counts === "string")
      this.byEmail.set(email, new Map([[counts, 1]]).set(taxKey, taxKey === counts ? 2 : 1));
    else counts.set(taxKey, (counts.get(taxKey) ?? 0) + 1);
  }

  remove(email: string, taxKey: string): void {
    const counts = this.byEmail.get(email);
    if (counts === undefined) return;
    if (typeof counts === "string") {
      if (counts === taxKey) this.byEmail.delete(email);
      return;
    }
    const left = (counts.get(taxKey) ?? 1) - 1;
    if (left > 0) counts.set(taxKey, left);
    else counts.delete(taxKey);
    if (counts.size === 0) this.byEmail.delete(email);
  }

  /** The distinct tax keys of an email's positions. */
  keys(email: string): Iterable<string> {
    const counts = this.byEmail.get(email);
    return counts === undefined ? [] : typeof counts === "string" ? [counts] : counts.keys();
  }

  /** How many distinct tax keys an email's positions carry. */
  size(email: string): number {
    const counts = this.byEmail.get(email);
    return counts === undefined ? 0 : typeof counts === "string" ? 1 : counts.size;
  }
}
