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
    // A finger's target: 24 px tall at any text size (it stands alone as a field's value, not inside a sentence).
    <a
      href={href}
      className="inline-flex min-h-6 items-center break-all text-blue-700 underline underline-offset-2 dark:text-blue-300"
    >
      {text}
    </a>
  );
}
