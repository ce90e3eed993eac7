import "server-only";
import { LRUCache } from "lru-cache";
import pLimit, { type LimitFunction } from "p-limit";
import { TooManyRequests } from "../http/errors";
import { processWide } from "./process-wide";
import { sharedInFlight } from "./shared-in-flight";
import { countOf } from "../values/count";

// Whole-list work (a new view's filter and totals over 50,000 rows, an export) per person: a couple at a time,
// a short queue, so one person's burst waits its turn instead of stalling everyone.
const perPerson = 2;
const queuedPerPerson = 16;
const exportsPerPerson = 2;

const lanes = processWide("fair-share", () => ({
  work: new LRUCache<string, LimitFunction>({ max: 10_000 }),
  exports: new Map<string, number>(),
}));

/** Runs whole-list work in the person's own lane. */
export function inPersonLane<T>(person: string, work: () => Promise<T>): Promise<T> {
  let lane = lanes.work.get(person);
  if (!lane) lanes.work.set(person, (lane = pLimit(perPerson)));
  if (lane.pendingCount >= queuedPerPerson) {
    return Promise.reject(new TooManyRequests("Too many table requests at once. Wait a moment.", 1));
  }
  return lane(work);
}

/**
 * inPersonLane for work many of one person's requests ask for at once (the same page of the same list, under a
 * burst of 200 connections): they share one place in the lane and its result, so only different work queues.
 */
export function inPersonLaneOnce<T>(person: string, key: string, work: () => Promise<T>): Promise<T> {
  return sharedInFlight(`lane:${person}\n${key}`, () => inPersonLane(person, work));
}

/** Counts a person's running exports; the returned function ends this one. Past the limit: 429. */
export function startExport(person: string): () => void {
  const running = lanes.exports.get(person) ?? 0;
  if (running >= exportsPerPerson) {
    throw new TooManyRequests(`You already have ${countOf(running, "download")} running. Wait for one to finish.`, 5);
  }
  lanes.exports.set(person, running + 1);
  let ended = false;
  return () => {
    if (ended) return;
    ended = true;
    const left = (lanes.exports.get(person) ?? 1) - 1;
    if (left > 0) lanes.exports.set(person, left);
    else lanes.exports.delete(person);
  };
}

/** Lets other requests run between slices of a long computation. */
export function yieldToOthers(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}
