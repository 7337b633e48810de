import { lazy, Suspense, useRef, useState, type ReactNode } from "react";

export const CONSULTATION_TITLE = "Book Your Free Consultation";
export const CONSULTATION_DESCRIPTION =
  "Leave your details and one of our sleep experts will contact you within 24 hours.";

// The dialog's code (Radix Dialog, focus trap, scroll lock) is fetched when a visitor reaches
// for the link, not with every page that shows it.
const loadDialog = () => import("./consultation-dialog-content");
const ConsultationDialog = lazy(() =>
  loadDialog().then((m) => ({ default: m.ConsultationDialog })),
);

/**
 * A link to /consultation that opens the consultation dialog instead when JavaScript runs,
 * so the form works on every phone.
 */
export function ConsultationLink({
  className,
  children,
}: {
  className?: string;
  children: ReactNode;
}) {
  const [open, setOpen] = useState(false);
  const [wanted, setWanted] = useState(false);
  const link = useRef<HTMLAnchorElement>(null);
  return (
    <>
      <a
        ref={link}
        href="/consultation"
        className={className}
        onPointerEnter={() => void loadDialog()}
        onFocus={() => void loadDialog()}
        onClick={(event) => {
          event.preventDefault();
          setWanted(true);
          setOpen(true);
        }}
      >
        {children}
      </a>
      {wanted ? (
        <Suspense fallback={null}>
          <ConsultationDialog open={open} onOpenChange={setOpen} returnFocusTo={link} />
        </Suspense>
      ) : null}
    </>
  );
}
