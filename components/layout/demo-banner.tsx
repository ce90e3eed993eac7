/** Says plainly when the figures on screen are generated, not real. */
export function DemoBanner() {
  return (
    <p className="rounded-full bg-amber-100 px-3 py-1 text-xs font-medium text-amber-900 dark:bg-amber-900/40 dark:text-amber-100">
      Demo data
    </p>
  );
}
