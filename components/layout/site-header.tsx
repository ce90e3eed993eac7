import Link from "next/link";
import { DemoBanner } from "./demo-banner";
import { GlobalSearch } from "./global-search";
import { PhoneMenu } from "./phone-menu";
import { UserMenu } from "./user-menu";

interface SiteHeaderProps {
  /** The figures are the built-in demo's. */
  demo: boolean;
  /** Who is signed in (or named by the authenticating proxy). */
  userName: string | null;
  /** Their role and scope: "ops · Northwind Partners". */
  access: string | null;
  /** A link to who has which access (admins). */
  accessPage: boolean;
  /** People sign out of this dashboard (not behind a proxy). */
  signOut: boolean;
  /** A link to the audit trail (admins). */
  auditPage: boolean;
  /** The person may browse (signed in, or no sign-in here): the navigation and search are theirs. */
  canBrowse: boolean;
}

const links = [
  { href: "/", label: "Overview" },
  { href: "/funds", label: "Funds" },
  { href: "/investors", label: "Investors" },
  { href: "/outstanding", label: "Outstanding" },
  { href: "/changes", label: "Changes" },
  { href: "/follow-ups", label: "Follow-ups" },
  { href: "/alerts", label: "Alerts" },
];

/**
 * The product name, the navigation, the global search and who is signed in. Below `lg` (phones, narrow windows) the
 * links and the person's menu move into a menu button's panel and the search is a button that opens it full screen.
 */
export function SiteHeader({ demo, userName, access, accessPage, signOut, auditPage, canBrowse }: SiteHeaderProps) {
  const navLinks = auditPage ? [...links, { href: "/audit", label: "Audit" }] : links;
  const userMenu = (phone: boolean) =>
    userName ? (
      <UserMenu name={userName} access={access} accessPage={accessPage} signOut={signOut} phone={phone} />
    ) : null;
  return (
    <header className="relative border-b border-zinc-200 bg-zinc-50 dark:border-zinc-800 dark:bg-zinc-900">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:rounded focus:bg-white focus:px-3 focus:py-1 dark:focus:bg-zinc-900"
      >
        Skip to content
      </a>
      <div className="mx-auto flex h-14 w-full max-w-[1600px] items-center gap-3 px-4 sm:px-6 lg:gap-6">
        <Link href="/" className="whitespace-nowrap text-base font-semibold tracking-tight">
          Fund Explorer
        </Link>
        {canBrowse ? (
          <nav aria-label="Main" className="hidden lg:block">
            <ul className="flex gap-4 text-sm">
              {navLinks.map((link) => (
                <li key={link.href}>
                  <Link
                    href={link.href}
                    className="text-zinc-700 hover:text-zinc-950 dark:text-zinc-300 dark:hover:text-white"
                  >
                    {link.label}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
        ) : null}
        <div className="ml-auto flex items-center gap-2 lg:gap-4">
          {canBrowse ? <GlobalSearch /> : null}
          {demo ? <DemoBanner /> : null}
          <div className="hidden lg:contents">{userMenu(false)}</div>
          {canBrowse || userName ? (
            <PhoneMenu>
              {canBrowse ? (
                <nav aria-label="Main">
                  <ul className="py-2 text-base">
                    {navLinks.map((link) => (
                      <li key={link.href}>
                        <Link href={link.href} className="flex min-h-11 items-center text-zinc-800 dark:text-zinc-200">
                          {link.label}
                        </Link>
                      </li>
                    ))}
                  </ul>
                </nav>
              ) : null}
              {userMenu(true)}
            </PhoneMenu>
          ) : null}
        </div>
      </div>
    </header>
  );
}
