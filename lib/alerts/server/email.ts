import "server-only";
import { createTransport } from "nodemailer";
import { serverEnv } from "../../server/env";
import { processWide } from "../../server/process-wide";
import type { EmailContent } from "./render";

// Alert emails through nodemailer over SMTP (SMTP_URL, ALERTS_FROM). Without SMTP_URL, email is not configured:
// subscriptions cannot ask for it, and deliveries by email are skipped, saying so.

export const emailNotConfigured = "Email is not configured";

export function emailConfigured(): boolean {
  return serverEnv().SMTP_URL !== undefined;
}

function transport() {
  return processWide(`alerts-smtp:${serverEnv().SMTP_URL}`, () =>
    createTransport(
      {
        url: serverEnv().SMTP_URL!,
        // Fail an attempt within the lease rather than hold it.
        connectionTimeout: 10_000,
        greetingTimeout: 10_000,
        socketTimeout: 20_000,
      },
      { from: serverEnv().ALERTS_FROM },
    ),
  );
}

/** How a send ended: accepted, or refused for good (5xx), or worth another attempt. */
export type EmailResult =
  { outcome: "delivered"; code: number } | { outcome: "refused" | "retry"; code: number | null; reason: string };

/** Sends one email: a text and an HTML part, the unsubscribe headers, a Message-ID stable for the delivery. */
export async function sendEmail(input: {
  to: string;
  content: EmailContent;
  messageId: string;
  unsubscribe?: string;
}): Promise<EmailResult> {
  if (!emailConfigured()) return { outcome: "refused", code: null, reason: emailNotConfigured };
  const headers: Record<string, string> = {};
  if (input.unsubscribe) {
    headers["List-Unsubscribe"] = `<${input.unsubscribe}>`;
    headers["List-Unsubscribe-Post"] = "List-Unsubscribe=One-Click";
  }
  try {
    const info = await transport().sendMail({
      to: input.to,
      subject: input.content.subject,
      text: input.content.text,
      html: input.content.html,
      messageId: input.messageId,
      headers,
    });
    return { outcome: "delivered", code: Number(/^(\d{3})/.exec(String(info.response))?.[1] ?? 250) };
  } catch (error) {
    const code = (error as { responseCode?: number }).responseCode ?? null;
    const reason = code
      ? `SMTP ${code}`
      : ((error as { code?: string }).code ?? "the SMTP server could not be reached");
    return { outcome: code !== null && code >= 500 ? "refused" : "retry", code, reason };
  }
}
