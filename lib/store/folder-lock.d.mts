export function lockPathOf(dir: string): string;
export function folderInUseMessage(dir: string, pid: number): string;
export function lockFolder(dir: string): () => void;
