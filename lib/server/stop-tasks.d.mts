export function stopTask(name: string, run: () => unknown, phase?: "drain" | "close"): void;
export function stopTasksSettled(limitMs: number): Promise<string[]>;
