"use client";

import { useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useId, useState, useSyncExternalStore } from "react";
import { sendAlerts } from "@/lib/alerts/queries";
import { type AlertKind, alertKindLabels, alertKinds, type CreatedSubscription } from "@/lib/alerts/types";

interface SubscribeFormProps {
  funds: { id: string; name: string }[];
  /** From a "Watch" link: the fund (and investor) to subscribe to. */
  prefill: { fund: string | null; investor: string | null };
  emailConfigured: boolean;
  /** Admins may add a team's subscription (a shared webhook). */
  admin: boolean;
}

// max-w-full (and min-w-0 on fieldsets, whose default min width is their content): a long fund name or a fixed
// width never pushes the form past a 390 px screen.
const input = "min-h-9 max-w-full rounded-md border border-zinc-300 px-2 dark:border-zinc-700 dark:bg-zinc-900";
const legend = "mb-1 font-medium";
const noChange = () => () => undefined;
const browserTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone || "UTC";
const hours = Array.from({ length: 24 }, (_, hour) => hour);

/** A new subscription: what, where, how and when; POST /api/alerts, then the webhook's secret shown this once. */
export function SubscribeForm({ funds, prefill, emailConfigured, admin }: SubscribeFormProps) {
  const id = useId();
  const queryClient = useQueryClient();
  const [kinds, setKinds] = useState<Set<AlertKind>>(new Set(prefill.investor ? ["paid", "contact"] : ["paid"]));
  const [fund, setFund] = useState(prefill.fund ?? "");
  const [investor, setInvestor] = useState(prefill.investor ?? "");
  const [email, setEmail] = useState(emailConfigured);
  const [webhookUrl, setWebhookUrl] = useState("");
  const [format, setFormat] = useState<"standard" | "slack">("standard");
  const [digest, setDigest] = useState(false);
  const [hour, setHour] = useState(8);
  // The browser's own zone once on the page (the server cannot know it), unless the person types another.
  const browserZone = useSyncExternalStore(noChange, browserTimeZone, () => "UTC");
  const [typedZone, setTimeZone] = useState<string | null>(null);
  const timeZone = typedZone ?? browserZone;
  const [team, setTeam] = useState(false);
  const [label, setLabel] = useState("");
  const [state, setState] = useState<{
    pending: boolean;
    error: string | null;
    field: string | null;
    done: string | null;
    secret: string | null;
  }>({ pending: false, error: null, field: null, done: null, secret: null });

  function toggle(kind: AlertKind) {
    const next = new Set(kinds);
    if (next.has(kind)) next.delete(kind);
    else next.add(kind);
    setKinds(next);
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    setState({ pending: true, error: null, field: null, done: null, secret: null });
    const body = {
      kinds: alertKinds.filter((kind) => kinds.has(kind)),
      fundId: fund || null,
      investorId: investor.trim() || null,
      email: team ? false : email,
      webhook: webhookUrl.trim() ? { url: webhookUrl.trim(), format } : null,
      digest: digest ? { hour, timeZone } : null,
      ...(team ? { team: true, label: label.trim() || null } : {}),
    };
    const answer = await sendAlerts<CreatedSubscription>("/api/alerts", "POST", body);
    if (!answer.ok)
      return setState({ pending: false, error: answer.error, field: answer.field, done: null, secret: null });
    setState({
      pending: false,
      error: null,
      field: null,
      done: "Subscribed.",
      secret: answer.value.webhook?.secret ?? null,
    });
    setWebhookUrl("");
    await queryClient.invalidateQueries({ queryKey: ["alerts"] });
  }

  const invalid = (field: string) => (state.field?.startsWith(field) ? true : undefined);
  return (
    <form onSubmit={(event) => void submit(event)} aria-label="New subscription" className="space-y-4 text-sm">
      <fieldset aria-invalid={invalid("kinds")}>
        <legend className={legend}>Tell me when</legend>
        <div className="flex flex-wrap gap-x-4 gap-y-1">
          {alertKinds.map((kind) => (
            <label key={kind} className="flex min-h-6 items-center gap-1.5">
              <input type="checkbox" checked={kinds.has(kind)} onChange={() => toggle(kind)} />
              {alertKindLabels[kind]}
            </label>
          ))}
        </div>
      </fieldset>
      <fieldset className="min-w-0 flex flex-wrap items-end gap-3">
        <legend className={legend}>Where</legend>
        <div className="flex max-w-full min-w-0 flex-col gap-1">
          <label htmlFor={`${id}-fund`}>Fund</label>
          <select
            id={`${id}-fund`}
            value={fund}
            onChange={(event) => setFund(event.target.value)}
            className={input}
            aria-invalid={invalid("fundId")}
          >
            <option value="">Every fund in your scope</option>
            {funds.map((option) => (
              <option key={option.id} value={option.id}>
                {option.name}
              </option>
            ))}
          </select>
        </div>
        <div className="flex max-w-full min-w-0 flex-col gap-1">
          <label htmlFor={`${id}-investor`}>Only this investor (id, optional)</label>
          <input
            id={`${id}-investor`}
            value={investor}
            onChange={(event) => setInvestor(event.target.value)}
            className={`${input} w-80`}
            aria-invalid={invalid("investorId")}
          />
        </div>
      </fieldset>
      <fieldset className="min-w-0 space-y-2">
        <legend className={legend}>How</legend>
        <label className="flex min-h-6 items-center gap-1.5">
          <input
            type="checkbox"
            checked={email && !team}
            disabled={!emailConfigured || team}
            onChange={(event) => setEmail(event.target.checked)}
            aria-describedby={emailConfigured ? undefined : `${id}-no-email`}
          />
          Email me
        </label>
        {emailConfigured ? null : (
          <p id={`${id}-no-email`} className="text-zinc-600 dark:text-zinc-400">
            Email is not configured (SMTP_URL). Webhooks work.
          </p>
        )}
        <div className="flex flex-wrap items-end gap-3">
          <div className="flex max-w-full min-w-0 flex-col gap-1">
            <label htmlFor={`${id}-webhook`}>Webhook URL (https)</label>
            <input
              id={`${id}-webhook`}
              type="url"
              value={webhookUrl}
              onChange={(event) => setWebhookUrl(event.target.value)}
              placeholder="https://hooks.example.com/…"
              className={`${input} w-96`}
              aria-invalid={invalid("webhook")}
            />
          </div>
          <div className="flex max-w-full min-w-0 flex-col gap-1">
            <label htmlFor={`${id}-format`}>Format</label>
            <select
              id={`${id}-format`}
              value={format}
              onChange={(event) => setFormat(event.target.value as "standard" | "slack")}
              className={input}
            >
              <option value="standard">Standard Webhooks (JSON, signed)</option>
              <option value="slack">
                Slack-compatible ({"{"}&quot;text&quot;{"}"})
              </option>
            </select>
          </div>
        </div>
      </fieldset>
      <fieldset className="min-w-0 flex flex-wrap items-end gap-3">
        <legend className={legend}>When</legend>
        <label className="flex min-h-6 items-center gap-1.5">
          <input type="radio" name={`${id}-when`} checked={!digest} onChange={() => setDigest(false)} />
          At once
        </label>
        <label className="flex min-h-6 items-center gap-1.5">
          <input type="radio" name={`${id}-when`} checked={digest} onChange={() => setDigest(true)} />
          In my daily digest at
        </label>
        <select
          aria-label="Digest hour"
          value={hour}
          disabled={!digest}
          onChange={(event) => setHour(Number(event.target.value))}
          className={input}
        >
          {hours.map((value) => (
            <option key={value} value={value}>
              {String(value).padStart(2, "0")}:00
            </option>
          ))}
        </select>
        <div className="flex max-w-full min-w-0 flex-col gap-1">
          <label htmlFor={`${id}-zone`}>Time zone</label>
          <input
            id={`${id}-zone`}
            value={timeZone}
            disabled={!digest}
            onChange={(event) => setTimeZone(event.target.value)}
            className={`${input} w-56`}
            aria-invalid={invalid("digest")}
          />
        </div>
      </fieldset>
      {admin ? (
        <fieldset className="min-w-0 flex flex-wrap items-end gap-3">
          <legend className={legend}>Team</legend>
          <label className="flex min-h-6 items-center gap-1.5">
            <input type="checkbox" checked={team} onChange={(event) => setTeam(event.target.checked)} />A team&apos;s
            subscription (a shared webhook, over your scope)
          </label>
          <div className="flex max-w-full min-w-0 flex-col gap-1">
            <label htmlFor={`${id}-team`}>Team name</label>
            <input
              id={`${id}-team`}
              value={label}
              disabled={!team}
              onChange={(event) => setLabel(event.target.value)}
              className={`${input} w-56`}
            />
          </div>
        </fieldset>
      ) : null}
      <div className="flex flex-wrap items-center gap-3">
        <button
          type="submit"
          disabled={state.pending || kinds.size === 0}
          className="min-h-9 rounded-md bg-zinc-900 px-3 font-medium text-white hover:bg-zinc-700 disabled:opacity-60 dark:bg-zinc-100 dark:text-zinc-900"
        >
          {state.pending ? "Subscribing…" : "Subscribe"}
        </button>
        {state.error ? (
          <p role="alert" className="text-red-700 dark:text-red-300">
            {state.error}
          </p>
        ) : null}
        {state.done ? <p role="status">{state.done}</p> : null}
      </div>
      {state.secret ? (
        <p
          role="status"
          className="rounded-md border border-amber-300 bg-amber-50 p-3 dark:border-amber-800 dark:bg-amber-950"
        >
          The webhook&apos;s signing secret, shown this once: <code className="break-all">{state.secret}</code>
        </p>
      ) : null}
    </form>
  );
}
