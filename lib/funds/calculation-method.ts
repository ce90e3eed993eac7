// What each capital call method means, in the spec's words.
const meanings: Record<string, string> = {
  contribution: "Only investors' commitment amounts are called.",
  gross: "Commitment amounts plus management fees are called.",
  investment: "Commitment amounts, management fees and the pro rata share of the expense reserve are called.",
};

export function calculationMethodMeaning(method: string | null | undefined): string | null {
  if (!method) return null;
  return meanings[method.trim().toLowerCase()] ?? null;
}
