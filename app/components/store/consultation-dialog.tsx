import { useState, type ReactNode } from "react";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from "~/components/ui/dialog";
import { ConsultationForm } from "./consultation-form";

export const CONSULTATION_TITLE = "Book Your Free Consultation";
export const CONSULTATION_DESCRIPTION =
  "Leave your details and one of our sleep experts will contact you within 24 hours.";

/**
 * A link to /consultation that opens the consultation dialog instead when JavaScript runs,
 * so the form works on every phone.
 */
export function ConsultationLink({ className, children }: { className?: string; children: ReactNode }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <a
        href="/consultation"
        className={className}
        onClick={(event) => {
          event.preventDefault();
          setOpen(true);
        }}
      >
        {children}
      </a>
      <Dialog open={open} onOpenChange={setOpen}>
        <DialogContent>
          <DialogHeader>
            <DialogTitle>{CONSULTATION_TITLE}</DialogTitle>
            <DialogDescription>{CONSULTATION_DESCRIPTION}</DialogDescription>
          </DialogHeader>
          <ConsultationForm onSuccess={() => setOpen(false)} />
        </DialogContent>
      </Dialog>
    </>
  );
}
