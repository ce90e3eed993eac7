export function personOf(
  headers: Record<string, string | string[] | undefined>,
  address: string,
  env?: Record<string, string | undefined>,
): Promise<string>;
