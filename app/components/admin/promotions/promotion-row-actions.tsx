import { Power, PowerOff, Trash2 } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { useFetcher } from "react-router";
import { Button } from "~/components/admin/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from "~/components/ui/dialog";
import type { PromotionRow } from "~/domain/promotions/promotion-list";
import type { FormActionResult } from "~/lib/forms";
import { notify } from "~/lib/notify";

const ACTION = "/admin/promotions";
/** One fetcher for every row's switch and delete, so its notice outlives a row that leaves. */
const ROW_FETCHER = "promotion-row-action";

/**
 * Toasts an activation, deactivation or deletion once it is saved; lives on the page, because
 * a row leaves a filtered list when its status changes, and a deleted one leaves every list.
 */
export function usePromotionRowToasts() {
  const fetcher = useFetcher<FormActionResult>({ key: ROW_FETCHER });
  useEffect(() => {
    if (fetcher.state !== "idle" || !fetcher.data) return;
    const r = fetcher.data;
    if (r.ok) notify.success(r.message.title, { description: r.message.description });
    else notify.error(r.alert.title, { description: r.alert.description });
  }, [fetcher.state, fetcher.data]);
}

/** Deactivate (checkout refuses the code at once) or Activate. */
export function PromotionSwitchButton({ promotion }: { promotion: PromotionRow }) {
  const fetcher = useFetcher<FormActionResult>({ key: ROW_FETCHER });
  const label = `${promotion.active ? "Deactivate" : "Activate"} ${promotion.code}`;
  return (
    <fetcher.Form method="post" action={ACTION}>
      <input type="hidden" name="intent" value={promotion.active ? "deactivate" : "activate"} />
      <input type="hidden" name="id" value={promotion.id} />
      <Button
        type="submit"
        variant="ghost"
        size="sm"
        aria-label={label}
        title={label}
        disabled={fetcher.state !== "idle"}
      >
        {promotion.active ? (
          <PowerOff className="text-destructive" aria-hidden />
        ) : (
          <Power aria-hidden />
        )}
      </Button>
    </fetcher.Form>
  );
}

/**
 * Delete, for a promotion no order has used, after a confirmation. The server checks again:
 * an order may have used the code since the page was loaded.
 */
export function DeletePromotionDialog({ promotion }: { promotion: PromotionRow }) {
  const fetcher = useFetcher<FormActionResult>({ key: ROW_FETCHER });
  const [open, setOpen] = useState(false);
  const sent = useRef(false);
  useEffect(() => {
    if (fetcher.state === "idle" && fetcher.data && sent.current) {
      sent.current = false;
      setOpen(false);
    }
  }, [fetcher.state, fetcher.data]);
  const label = `Delete ${promotion.code}`;
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant="ghost" size="sm" aria-label={label} title={label}>
          <Trash2 className="text-destructive" aria-hidden />
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Delete Promotion</DialogTitle>
          <DialogDescription>
            Are you sure you want to delete {promotion.code}? No order has used it. This cannot be
            undone.
          </DialogDescription>
        </DialogHeader>
        <fetcher.Form
          method="post"
          action={ACTION}
          onSubmit={() => {
            sent.current = true;
          }}
          className="flex justify-end gap-2 pt-2"
        >
          <input type="hidden" name="intent" value="delete" />
          <input type="hidden" name="id" value={promotion.id} />
          <Button type="button" variant="outline" onClick={() => setOpen(false)}>
            Cancel
          </Button>
          <Button type="submit" variant="destructive" disabled={fetcher.state !== "idle"}>
            {fetcher.state !== "idle" ? "Deleting..." : "Delete"}
          </Button>
        </fetcher.Form>
      </DialogContent>
    </Dialog>
  );
}
