import Link from "next/link";

export default function FundNotFound() {
  return (
    <div className="mx-auto max-w-xl py-16 text-center">
      <h1 className="text-2xl font-semibold">Fund not available</h1>
      <p className="mt-2 text-zinc-700 dark:text-zinc-300">
        This fund does not exist, or this dashboard&apos;s API token cannot see it.
      </p>
      <Link href="/funds" className="mt-6 inline-block font-medium text-blue-700 hover:underline dark:text-blue-300">
        Back to all funds
      </Link>
    </div>
  );
}
