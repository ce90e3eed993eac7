import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { LoginForm } from "@/components/auth/login-form";
import { safeNext } from "@/lib/auth/redirect";
import { noAccessText } from "@/lib/auth/no-access";
import { authMode, currentUser, refusedEmail, signInRequired } from "@/lib/auth/session";

export const metadata: Metadata = { title: "Sign in" };

// A Map, so a parameter like `error=__proto__` is just an unknown key.
const messages = new Map([
  ["forbidden", "Your account is not allowed to use this dashboard. Ask an administrator."],
  ["oidc", "Single sign-on did not complete. Try again."],
  ["no-access", noAccessText()],
]);

export default async function LoginPage({ searchParams }: PageProps<"/login">) {
  const params = await searchParams;
  const next = safeNext(typeof params.next === "string" ? params.next : undefined);
  if (!signInRequired() || (await currentUser())) redirect(next);
  const code = typeof params.error === "string" ? params.error : undefined;
  // A session nothing grants access to any more (a group removed at the provider) is named.
  const refused = code === "no-access" ? await refusedEmail() : null;
  const error = refused ? noAccessText(refused) : code ? messages.get(code) : undefined;
  return (
    <div className="mx-auto mt-12 max-w-sm rounded-lg border border-zinc-200 p-6 dark:border-zinc-800">
      <h1 className="mb-4 text-xl font-semibold">Sign in to Fund Explorer</h1>
      {params.signedOut ? <p className="mb-3 text-sm text-zinc-700 dark:text-zinc-300">You are signed out.</p> : null}
      {error ? (
        <p role="alert" className="mb-3 text-sm text-red-700 dark:text-red-300">
          {error}
        </p>
      ) : null}
      {authMode() === "oidc" ? (
        <a
          href={`/auth/oidc/login?next=${encodeURIComponent(next)}`}
          className="block rounded-md bg-blue-700 px-3 py-2 text-center font-medium text-white hover:bg-blue-800"
        >
          Sign in with single sign-on
        </a>
      ) : (
        <LoginForm next={next} />
      )}
    </div>
  );
}
