import { createContext, useContext, useState } from "react";

/** The request's id while the server renders its page (app/entry.server.tsx). */
export const RequestIdContext = createContext<string | undefined>(undefined);

/**
 * The reference an error page shows: the id of the request whose answer it is, which staff find
 * in the logs. The server renders it; the browser keeps what the server wrote (an error met while
 * browsing within the shop has no request of its own to name, and shows none).
 */
export function ErrorReference() {
  const fromServer = useContext(RequestIdContext);
  const [reference] = useState(
    () =>
      fromServer ??
      (typeof document === "undefined"
        ? undefined
        : document.getElementById("error-reference")?.dataset.reference),
  );
  if (!reference) return null;
  return (
    <p
      id="error-reference"
      data-reference={reference}
      className="mt-4 text-sm text-muted-foreground"
    >
      Reference: <code>{reference}</code>
    </p>
  );
}
