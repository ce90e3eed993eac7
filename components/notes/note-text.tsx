import { Fragment } from "react";
import { textParts } from "@/lib/values/text-links";

/** Text a person typed, as text: line breaks kept, web links clickable, nothing else rendered. */
export function NoteText({ text, className = "" }: { text: string; className?: string }) {
  return (
    <p className={`break-words whitespace-pre-wrap ${className}`}>
      {textParts(text).map((part, at) =>
        "href" in part ? (
          <a
            key={at}
            href={part.href}
            target="_blank"
            rel="noopener noreferrer nofollow"
            className="break-all text-blue-700 underline dark:text-blue-300"
          >
            {part.text}
          </a>
        ) : (
          // A text node of the sentence, so a link inside it reads (and is measured) as a link in a sentence.
          <Fragment key={at}>{part.text}</Fragment>
        ),
      )}
    </p>
  );
}
