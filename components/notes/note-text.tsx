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
          <span key={at}>{part.text}</span>
        ),
      )}
    </p>
  );
}
