import type { RefObject } from "react";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from "~/components/ui/dialog";
import { CONSULTATION_DESCRIPTION, CONSULTATION_TITLE } from "./consultation-dialog";
import { ConsultationForm } from "./consultation-form";

/** The consultation form in a dialog; loaded only when a visitor first asks for it. */
export function ConsultationDialog({
  open,
  onOpenChange,
  returnFocusTo,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Opened without a Radix trigger, the dialog is told where focus goes back to on closing. */
  returnFocusTo?: RefObject<HTMLElement | null>;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        onCloseAutoFocus={(event) => {
          if (!returnFocusTo?.current) return;
          event.preventDefault();
          returnFocusTo.current.focus();
        }}
      >
        <DialogHeader>
          <DialogTitle>{CONSULTATION_TITLE}</DialogTitle>
          <DialogDescription>{CONSULTATION_DESCRIPTION}</DialogDescription>
        </DialogHeader>
        <ConsultationForm onSuccess={() => onOpenChange(false)} />
      </DialogContent>
    </Dialog>
  );
}
