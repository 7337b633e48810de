import { Suspense, type ReactNode } from "react";

/**
 * A part of a long page far below its first screen. The browser styles and lays it out only as
 * it nears the screen (`render-when-near`), and React hydrates it on its own after the rest of
 * the page (a Suspense boundary the server has already filled is hydrated separately, at low
 * priority), so a phone's start-up is not one long task. A tap inside it before then is not
 * lost: React hydrates that part first and replays the event.
 */
export function BelowTheFold({ children }: { children: ReactNode }) {
  return (
    <div className="render-when-near">
      <Suspense>{children}</Suspense>
    </div>
  );
}
