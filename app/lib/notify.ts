/**
 * The shop's toasts. sonner and its toast area are loaded when the first toast is asked for,
 * not with the page: phones pay for every kilobyte of the first load. A toast asked for before
 * the area is up waits for it.
 */
type Options = { description?: string };
type Kind = "message" | "success" | "error";

let markReady: () => void = () => {};
const ready = new Promise<void>((resolve) => {
  markReady = resolve;
});
let wanted = false;
const listeners = new Set<() => void>();

/** Called by the toast area once it is mounted and listening. */
export function toasterMounted() {
  markReady();
}

/** Whether the toast area should be mounted (a toast has been asked for). */
export const toasterWanted = {
  get: () => wanted,
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};

function show(kind: Kind, title: string, options?: Options) {
  if (!wanted) {
    wanted = true;
    for (const listener of listeners) listener();
  }
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

/** Fetches the toast code ahead of need, e.g. when a visitor starts filling in a form. */
export function preloadToasts() {
  void import("sonner").catch(() => {});
}
