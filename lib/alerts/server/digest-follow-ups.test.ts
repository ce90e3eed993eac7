import { describe, expect, it } from "vitest";
import type { DigestFollowUp } from "./digest-follow-ups";
import { digestEmail, digestSlack } from "./render";

// A person's follow-ups in their daily digest (issue 45): first, each with its record and link, the note's text (made
// one line by digestFollowUps) escaped in the HTML part, counted in the subject.

const item = (text: string, due: string): DigestFollowUp => ({
  noteId: "n1",
  fund: { id: "f1", name: "Northwind Fund I" },
  investor: { id: "i1", name: "Ann Lee" },
  text,
  due,
  state: "waiting",
  overdue: due < "2026-11-29",
  link: "https://dash.example.com/funds/f1/investors/i1",
});

describe("follow-ups in the daily digest", () => {
  it("lists the person's follow-ups due, their text on one line, escaped in the HTML", () => {
    const hostile = '<script>alert("x")</script> promised a wire';
    const email = digestEmail(
      {
        date: "2026-11-29",
        timeZone: "UTC",
        from: "2026-11-28T08:00:00.000Z",
        to: "2026-11-29T08:00:00.000Z",
        funds: [],
        open: [],
        followUps: [item(hostile, "2026-11-29"), item("Call back", "2026-11-20")],
      },
      { unsubscribe: "https://dash.example.com/u", manage: "https://dash.example.com/alerts" },
    );
    expect(email.subject).toBe("Fund Explorer digest for 2026-11-29: 0 changes in 0 funds, 2 follow-ups due");
    expect(email.text).toContain(
      'Due today · Northwind Fund I · Ann Lee: <script>alert("x")</script> promised a wire (Waiting on the investor)',
    );
    expect(email.text).toContain("Overdue since Nov 20, 2026 · Northwind Fund I · Ann Lee: Call back");
    expect(email.html).not.toContain("<script>");
    expect(email.html).toContain("&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;");
    expect(email.html).toContain('href="https://dash.example.com/funds/f1/investors/i1"');
    const slack = digestSlack(
      {
        date: "2026-11-29",
        timeZone: "UTC",
        from: "",
        to: "",
        funds: [],
        open: [],
        followUps: [item(hostile, "2026-11-29")],
      },
      "https://dash.example.com/alerts",
    ) as { text: string };
    expect(slack.text).toContain("&lt;script&gt;");
  });
});
