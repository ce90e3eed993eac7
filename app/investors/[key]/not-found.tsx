import Link from "next/link";

export default function InvestorKeyNotFound() {
  return (
    <div className="mx-auto max-w-xl py-16 text-center">
      <h1 className="text-2xl font-semibold">Investor not found</h1>
      <p className="mt-2 text-zinc-700 dark:text-zinc-300">
        No investor has this address. The directory may have changed since the link was made.
      </p>
      <Link
        href="/investors"
        className="mt-6 inline-block font-medium text-blue-700 hover:underline dark:text-blue-300"
      >
        Go to all investors
      </Link>
    </div>
  );
}
