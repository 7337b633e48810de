import type { Locator, Page } from "playwright-core";

export type FieldMessage = { field: string; message: string };

/**
 * Every field marked invalid inside `scope`, with what a screen reader reads for it: its label
 * (or aria-label) and the text of the elements that describe it. A field marked invalid without
 * a describing message comes back with an empty message.
 */
export async function announcedFieldErrors(scope: Locator): Promise<FieldMessage[]> {
  return scope.evaluate((root) =>
    [...root.querySelectorAll<HTMLInputElement>('[aria-invalid="true"]')].map((el) => {
      const label = el.labels?.[0]?.textContent ?? el.getAttribute("aria-label") ?? "";
      // A required field's label ends in a star; the field's name is what comes before it.
      const field = label.replace(/\s*\*\s*$/, "").trim();
      const ids = (el.getAttribute("aria-describedby") ?? "").split(/\s+/).filter(Boolean);
      const message = ids
        .map((id) => document.getElementById(id)?.textContent?.trim() ?? "")
        .join(" ")
        .trim();
      return { field, message };
    }),
  );
}

/**
 * Whether the toast with this title is read out: it sits in a live region (sonner's polite
 * section, or role alert/status).
 */
export async function toastIsAnnounced(page: Page, title: string): Promise<boolean> {
  const toast = page.locator("[data-sonner-toast]", { hasText: title }).last();
  await toast.waitFor();
  return toast.evaluate((el) => {
    const live = el.closest("[aria-live], [role=alert], [role=status]");
    return !!live && live.getAttribute("aria-live") !== "off";
  });
}

/** The label of the focused field (where the form sent the visitor). */
export async function focusedLabel(page: Page): Promise<string> {
  return page.evaluate(() => {
    const el = document.activeElement as HTMLInputElement | null;
    const label = el?.labels?.[0]?.textContent ?? el?.getAttribute("aria-label") ?? "";
    return label.replace(/\s*\*\s*$/, "").trim();
  });
}
