import Link from "next/link";

export default function NotFound() {
  return (
    <div className="mx-auto max-w-xl py-16 text-center">
      <h1 className="text-2xl font-semibold">Page not found</h1>
      <p className="mt-2 text-zinc-700 dark:text-zinc-300">There is nothing at this address.</p>
      <Link href="/funds" className="mt-6 inline-block font-medium text-blue-700 hover:underline dark:text-blue-300">
        Go to all funds
      </Link>
    </div>
  );
}
