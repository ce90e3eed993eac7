import { EMPTY, mailtoHref } from "@/lib/values/format";

interface EmailLinkProps {
  email: string | null | undefined;
}

/** An email from the upstream: a mailto link when it is a plain address, else its text (never a link with a hidden BCC). */
export function EmailLink({ email }: EmailLinkProps) {
  const text = email?.trim();
  if (!text) return <>{EMPTY}</>;
  const href = mailtoHref(text);
  if (!href) return <span className="break-all">{text}</span>;
  return (
    <a href={href} className="text-blue-700 underline underline-offset-2 dark:text-blue-300">
      {text}
    </a>
  );
}
