"use client";

import { useId } from "react";
import type { AuditView } from "@/lib/audit/search-params";
import { type AuditAction, auditActions } from "@/lib/audit/types";

const actionLabels: Record<AuditAction, string> = {
  reveal: "Reveal",
  sensitive_export: "Sensitive export",
  forget: "Forget",
  revoke: "Revocation",
  sign_in: "Sign-in",
  sign_in_refused: "Sign-in refused",
  policy_refusal: "Refused by the policy",
  rules_change: "Rules changed",
  audit_view: "Look at the audit trail",
  retention: "Retention",
  team_alert: "Team alert added or removed",
  note_delete: "Note deleted",
  statement: "Capital account statement downloaded",
};

interface AuditFiltersProps {
  view: AuditView;
  onChange: (change: Partial<AuditView>) => void;
}

const inputClass = "h-9 rounded-md border border-zinc-300 bg-white px-2 text-sm dark:border-zinc-700 dark:bg-zinc-900";

/** Who, what, which fund or investor, and between which days (UTC, both included). */
export function AuditFilters({ view, onChange }: AuditFiltersProps) {
  const id = useId();
  const text = (key: "person" | "fund" | "investor", label: string, width: string) => (
    <label className="flex items-center gap-2 text-sm font-medium max-md:w-full">
      {label}
      <input
        type="search"
        value={(key === "person" ? view.person : view[key]) ?? ""}
        onChange={(event) => onChange({ [key]: key === "person" ? event.target.value : event.target.value || null })}
        className={`${inputClass} ${width} min-w-0 font-normal max-md:w-auto max-md:flex-1`}
      />
    </label>
  );
  const day = (key: "from" | "to", label: string) => (
    <label className="flex items-center gap-2 text-sm font-medium max-md:w-full">
      {label}
      <input
        type="date"
        value={view[key] ?? ""}
        onChange={(event) => onChange({ [key]: event.target.value || null })}
        className={`${inputClass} min-w-0 font-normal max-md:flex-1`}
      />
    </label>
  );
  return (
    <div className="flex flex-wrap items-center gap-3">
      {text("person", "Person", "w-56")}
      <label htmlFor={`${id}-action`} className="text-sm font-medium">
        Action
      </label>
      <select
        id={`${id}-action`}
        value={view.action ?? ""}
        onChange={(event) => onChange({ action: (event.target.value || null) as AuditAction | null })}
        className={inputClass}
      >
        <option value="">All actions</option>
        {auditActions.map((action) => (
          <option key={action} value={action}>
            {actionLabels[action]}
          </option>
        ))}
      </select>
      {text("fund", "Fund id", "w-80")}
      {text("investor", "Investor id", "w-80")}
      {day("from", "From")}
      {day("to", "To")}
    </div>
  );
}
