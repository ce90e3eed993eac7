export function stopTask(name: string, run: () => unknown, phase?: "halt" | "drain" | "close"): void;
export function stopTasksSettled(limitMs: number): Promise<string[]>;
export function haltTasksNow(): void;
