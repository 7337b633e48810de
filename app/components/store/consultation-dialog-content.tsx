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
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{CONSULTATION_TITLE}</DialogTitle>
          <DialogDescription>{CONSULTATION_DESCRIPTION}</DialogDescription>
        </DialogHeader>
        <ConsultationForm onSuccess={() => onOpenChange(false)} />
      </DialogContent>
    </Dialog>
  );
}
