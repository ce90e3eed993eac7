import Link from "next/link";

interface UserMenuProps {
  /** The signed-in person's name (or email). */
  name: string;
  /** Their role and scope: "ops · Northwind Partners". */
  access: string | null;
  /** A link to /access (admins). */
  accessPage: boolean;
  /** A sign-out button: not behind an authenticating proxy, which signs people out itself. */
  signOut: boolean;
  /** In the phone menu's panel: one item a line, each a full-size touch target. */
  phone?: boolean;
}

/** Who is signed in, with which role and scope; for admins a link to who has which access; and sign-out. */
export function UserMenu({ name, access, accessPage, signOut, phone = false }: UserMenuProps) {
  return (
    <div
      className={
        phone
          ? "flex flex-col items-start gap-2 border-t border-zinc-200 pt-3 text-sm dark:border-zinc-800"
          : "flex items-center gap-3 text-sm"
      }
    >
      <span className={`text-zinc-700 dark:text-zinc-300 ${phone ? "break-all" : ""}`}>
        <span>{name}</span>
        {access ? <span className="text-zinc-500 dark:text-zinc-400"> · {access}</span> : null}
      </span>
      {accessPage ? (
        <Link
          href="/access"
          className={`font-medium text-blue-700 hover:underline dark:text-blue-300 ${phone ? "flex min-h-11 items-center" : ""}`}
        >
          Access
        </Link>
      ) : null}
      {signOut ? (
        <form method="post" action="/auth/logout">
          <button
            type="submit"
            className={`rounded-md border border-zinc-300 px-2.5 py-1 font-medium hover:bg-zinc-100 dark:border-zinc-700 dark:hover:bg-zinc-800 ${phone ? "min-h-11" : ""}`}
          >
            Sign out
          </button>
        </form>
      ) : null}
    </div>
  );
}
