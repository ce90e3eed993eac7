export function startTask(name: string, promise: Promise<unknown>): void;
export function startTasksSettled(limitMs: number): Promise<string[]>;
export function beforeListening(name: string, promise: Promise<unknown>): void;
