export function startTask(name: string, task: Promise<unknown> | (() => Promise<unknown>)): void;
export function startTasksSettled(limitMs: number): Promise<string[]>;
