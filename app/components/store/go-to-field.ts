/**
 * Takes the visitor to a field: scrolls it (a choice's whole group, with its legend) to the
 * middle of the screen, below any sticky header, and focuses it.
 */
export function goToField(element: HTMLElement) {
  const choice = element instanceof HTMLInputElement && element.type === "radio";
  (choice ? (element.closest("fieldset") ?? element) : element).scrollIntoView({
    block: "center",
  });
  element.focus({ preventScroll: true });
}

/**
 * Takes the visitor to the first field in error in `form`: its error summary's first link's
 * field, or the summary itself when the refusal is not a field's; in a form without a summary,
 * the first field marked invalid.
 */
export function goToFirstError(form: HTMLElement | null) {
  const summary = form?.querySelector<HTMLElement>("[data-error-summary]");
  const first = summary?.querySelector<HTMLAnchorElement>("a[href^='#']");
  const target =
    (first && document.getElementById(first.hash.slice(1))) ||
    summary ||
    form?.querySelector<HTMLElement>('[aria-invalid="true"]');
  if (target) goToField(target);
}
