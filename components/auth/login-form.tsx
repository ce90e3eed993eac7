"use client";

import { type FormEvent, useState } from "react";

interface LoginFormProps {
  /** Where to go once signed in. */
  next: string;
}

const inputClass =
  "mt-1 h-9 w-full rounded-md border border-zinc-300 bg-white px-3 text-sm dark:border-zinc-700 dark:bg-zinc-900";

export function LoginForm({ next }: LoginFormProps) {
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    setPending(true);
    setError(null);
    const response = await fetch("/auth/login", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ email: form.get("email"), password: form.get("password"), next }),
    }).catch(() => null);
    const body = (await response?.json().catch(() => null)) as { next?: string; error?: string } | null;
    if (response?.ok && body?.next) {
      // A full navigation, so every server component renders with the new session.
      window.location.assign(body.next);
      return;
    }
    setPending(false);
    setError(body?.error ?? "Sign-in failed. Check your connection and try again.");
  }

  return (
    <form onSubmit={(event) => void onSubmit(event)} className="space-y-3">
      <label className="block text-sm font-medium">
        Email
        <input name="email" type="email" autoComplete="username" required className={inputClass} />
      </label>
      <label className="block text-sm font-medium">
        Password
        <input name="password" type="password" autoComplete="current-password" required className={inputClass} />
      </label>
      {error ? (
        <p role="alert" className="text-sm text-red-700 dark:text-red-300">
          {error}
        </p>
      ) : null}
      <button
        type="submit"
        disabled={pending}
        className="w-full rounded-md bg-blue-700 px-3 py-2 font-medium text-white hover:bg-blue-800 disabled:opacity-60"
      >
        {pending ? "Signing in…" : "Sign in"}
      </button>
    </form>
  );
}
