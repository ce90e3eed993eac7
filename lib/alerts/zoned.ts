// Local dates and hours in an IANA time zone, for the daily digest: which local date an instant falls on, and the
// instant a local date's hour begins (a day of 23 or 25 hours included). Browser-safe.

const formats = new Map<string, Intl.DateTimeFormat>();

function format(zone: string): Intl.DateTimeFormat {
  let found = formats.get(zone);
  if (!found) {
    found = new Intl.DateTimeFormat("en-US", {
      timeZone: zone,
      hourCycle: "h23",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
    });
    formats.set(zone, found);
  }
  return found;
}

/** The wall clock of an instant in a zone. */
export function wallClock(at: number, zone: string) {
  const parts = Object.fromEntries(
    format(zone)
      .formatToParts(at)
      .map((part) => [part.type, part.value]),
  );
  const number = (key: string) => Number(parts[key]);
  return {
    date: `${parts.year}-${parts.month}-${parts.day}`,
    year: number("year"),
    month: number("month"),
    day: number("day"),
    hour: number("hour"),
    minute: number("minute"),
    second: number("second"),
  };
}

/** The zone's offset from UTC at an instant, in ms. */
function offsetAt(at: number, zone: string): number {
  const wall = wallClock(at, zone);
  const asUtc = Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute, wall.second);
  return asUtc - Math.floor(at / 1000) * 1000;
}

/**
 * The first instant a local date's hour is on the zone's clocks: for an hour the clocks skip (spring forward), the
 * moment they jump past it; for one they show twice (fall back), the first.
 */
export function instantOfLocalHour(date: string, hour: number, zone: string): number {
  const [year, month, day] = date.split("-").map(Number) as [number, number, number];
  const wall = Date.UTC(year, month - 1, day, hour);
  // The two offsets around the wall time, and the earliest instant whose wall clock is at or past it.
  const candidates = [offsetAt(wall - 86_400_000, zone), offsetAt(wall + 86_400_000, zone)].map(
    (offset) => wall - offset,
  );
  const showing = candidates
    .filter((at) => {
      const clock = wallClock(at, zone);
      return clock.date === date && clock.hour === hour;
    })
    .sort((a, b) => a - b);
  if (showing.length > 0) return showing[0]!;
  // Skipped: the hour's start under the offset before the change is the instant the clocks jump.
  return candidates[0]!;
}

/** The local date before `date` (YYYY-MM-DD), calendar arithmetic only. */
export function previousDate(date: string): string {
  const [year, month, day] = date.split("-").map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, day - 1)).toISOString().slice(0, 10);
}
