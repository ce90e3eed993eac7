import { connection } from "next/server";
import { isDemoMode } from "@/lib/customer-api";

/** Says plainly when the figures on screen are generated, not real (read at request time, not build time). */
export async function DemoBanner() {
  await connection();
  if (!isDemoMode()) return null;
  return (
    <p className="rounded-full bg-amber-100 px-3 py-1 text-xs font-medium text-amber-900 dark:bg-amber-900/40 dark:text-amber-100">
      Demo data
    </p>
  );
}
