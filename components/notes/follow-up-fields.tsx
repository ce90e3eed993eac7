"use client";

import { useQuery } from "@tanstack/react-query";
import { useId } from "react";
import { assigneesQuery } from "@/lib/notes/queries";
import { type FollowUpState, followUpStateLabels, followUpStates } from "@/lib/notes/types";

export interface FollowUpDraft {
  assignee: string;
  due: string;
  state: FollowUpState;
}

const input =
  "min-h-9 max-w-full rounded-md border border-zinc-300 bg-white px-2 text-sm dark:border-zinc-700 dark:bg-zinc-900";

/** Who, by when, in which state: the assignee chosen among those who may see the fund. */
export function FollowUpFields({
  fundId,
  value,
  onChange,
}: {
  fundId: string;
  value: FollowUpDraft;
  onChange: (value: FollowUpDraft) => void;
}) {
  const id = useId();
  const { data, error } = useQuery(assigneesQuery(fundId));
  const people = data?.people ?? [];
  const set = (patch: Partial<FollowUpDraft>) => onChange({ ...value, ...patch });
  return (
    <fieldset className="flex min-w-0 flex-wrap items-end gap-3">
      <legend className="sr-only">Follow-up</legend>
      <label className="flex min-w-0 flex-col gap-1 text-sm">
        <span className="font-medium">Assign to</span>
        <select
          id={`${id}-assignee`}
          required
          value={value.assignee}
          onChange={(event) => set({ assignee: event.target.value })}
          className={`${input} max-w-72`}
        >
          <option value="" disabled>
            {error ? "Could not load the people" : data ? "Choose someone" : "Loading the people…"}
          </option>
          {people.some((person) => person.email === value.assignee) || value.assignee === "" ? null : (
            <option value={value.assignee}>{value.assignee}</option>
          )}
          {people.map((person) => (
            <option key={person.email} value={person.email}>
              {person.name ? `${person.name} (${person.email})` : person.email}
            </option>
          ))}
        </select>
      </label>
      <label className="flex flex-col gap-1 text-sm">
        <span className="font-medium">Due</span>
        <input
          type="date"
          required
          value={value.due}
          onChange={(event) => set({ due: event.target.value })}
          className={input}
        />
      </label>
      <label className="flex flex-col gap-1 text-sm">
        <span className="font-medium">State</span>
        <select
          value={value.state}
          onChange={(event) => set({ state: event.target.value as FollowUpState })}
          className={input}
        >
          {followUpStates.map((state) => (
            <option key={state} value={state}>
              {followUpStateLabels[state]}
            </option>
          ))}
        </select>
      </label>
    </fieldset>
  );
}
