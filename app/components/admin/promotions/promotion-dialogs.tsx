import { Pencil, Plus } from "lucide-react";
import { FormDialog } from "~/components/admin/form-dialog";
import { Button } from "~/components/admin/ui/button";
import type { PromotionRow } from "~/domain/promotions/promotion-list";
import { promotionSchema } from "~/domain/promotions/promotion-schemas";
import { promotionValueText } from "~/domain/promotions/promotion-value";
import { amountInputValue } from "~/lib/money";
import { PromotionFormFields, type PromotionFormValues } from "./promotion-form-fields";

const ACTION = "/admin/promotions";

/** The page's "Create Promotion" button and its dialog. */
export function CreatePromotionDialog() {
  return (
    <FormDialog
      trigger={
        <Button>
          <Plus aria-hidden /> Create Promotion
        </Button>
      }
      title="Create Promotion"
      description="A code shoppers type at checkout for a discount."
      action={ACTION}
      intent="create"
      schema={promotionSchema}
      submitLabel="Create Promotion"
    >
      {(form) => <PromotionFormFields form={form} idPrefix="new-promotion" />}
    </FormDialog>
  );
}

/** A row's edit button and its dialog, filled in with the promotion's fields. */
export function EditPromotionDialog({ promotion }: { promotion: PromotionRow }) {
  return (
    <FormDialog
      trigger={
        <Button variant="ghost" size="sm" aria-label={`Edit ${promotion.code}`}>
          <Pencil aria-hidden />
        </Button>
      }
      title="Edit Promotion"
      description={`Change ${promotion.code}. Orders already placed keep their discount.`}
      action={ACTION}
      intent="update"
      schema={promotionSchema}
      submitLabel="Save Changes"
      resetOnSuccess={false}
    >
      {(form) => (
        <>
          <input type="hidden" name="id" value={promotion.id} />
          <PromotionFormFields
            form={form}
            initial={formValues(promotion)}
            idPrefix={`promotion-${promotion.id}`}
          />
        </>
      )}
    </FormDialog>
  );
}

function formValues(p: PromotionRow): PromotionFormValues {
  return {
    code: p.code,
    kind: p.kind,
    description: p.description,
    value: promotionValueText(p),
    usageLimit: p.usageLimit === null ? "" : String(p.usageLimit),
    startDate: p.startDay ?? "",
    endDate: p.endDay ?? "",
    active: p.active,
    minSpend: p.minSubtotalCents > 0 ? amountInputValue(p.minSubtotalCents) : "",
    oncePerCustomer: p.oncePerCustomer,
    goods: { categories: p.categories, products: p.products },
  };
}
