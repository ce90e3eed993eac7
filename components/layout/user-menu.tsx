interface UserMenuProps {
  /** The signed-in person's name (or email). */
  name: string;
}

/** Who is signed in, and a sign-out button (a plain form post to the route handler). */
export function UserMenu({ name }: UserMenuProps) {
  return (
    <div className="flex items-center gap-3 text-sm">
      <span className="text-zinc-700 dark:text-zinc-300">{name}</span>
      <form method="post" action="/auth/logout">
        <button
          type="submit"
          className="rounded-md border border-zinc-300 px-2.5 py-1 font-medium hover:bg-zinc-100 dark:border-zinc-700 dark:hover:bg-zinc-800"
        >
          Sign out
        </button>
      </form>
    </div>
  );
}
