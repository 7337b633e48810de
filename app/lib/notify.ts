/**
 * The shop's toasts. sonner is loaded after the page has started, not with it: phones pay for
 * every kilobyte of the first load. A toast asked for earlier waits until the toast area is up.
 */
type Options = { description?: string };
type Kind = "message" | "success" | "error";

let markReady: () => void = () => {};
const ready = new Promise<void>((resolve) => {
  markReady = resolve;
});

/** Called by the toast area once it is mounted and listening. */
export function toasterMounted() {
  markReady();
}

function show(kind: Kind, title: string, options?: Options) {
  void Promise.all([import("sonner"), ready]).then(([{ toast }]) => {
    if (kind === "message") toast(title, options);
    else toast[kind](title, options);
  });
}

export const notify = {
  message: (title: string, options?: Options) => show("message", title, options),
  success: (title: string, options?: Options) => show("success", title, options),
  error: (title: string, options?: Options) => show("error", title, options),
};
