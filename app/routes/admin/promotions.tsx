import { ListCard } from "~/components/admin/list/list-card";
import { ListEmpty } from "~/components/admin/list/list-toolbar";
import { PROMOTION_COLUMNS } from "~/components/admin/promotions/promotion-columns";
import { CreatePromotionDialog } from "~/components/admin/promotions/promotion-dialogs";
import { PromotionCategoriesContext } from "~/components/admin/promotions/promotion-goods-fields";
import { usePromotionRowToasts } from "~/components/admin/promotions/promotion-row-actions";
import { productFormOptions } from "~/domain/catalog/get-product-form.server";
import { availabilityNote } from "~/domain/promotions/promotion-availability";
import { PROMOTION_LIST } from "~/domain/promotions/promotion-list";
import { promotionSchema } from "~/domain/promotions/promotion-schemas";
import { listPromotions } from "~/domain/promotions/promotions-list.server";
import {
  createPromotion,
  deletePromotion,
  setPromotionActive,
  updatePromotion,
} from "~/domain/promotions/promotions.server";
import { attempt, invalid, refused, succeeded } from "~/lib/actions.server";
import { parseDbId } from "~/lib/db-ids";
import { parseForm } from "~/lib/forms";
import { readListParams, statusChoices } from "~/lib/list-params";
import { readForm, readSearchParams } from "~/lib/request-input.server";
import { requireStaff } from "~/lib/staff-gate.server";
import type { Route } from "./+types/promotions";

export const meta: Route.MetaFunction = () => [{ title: "Promotions | Admin" }];

export async function loader({ request }: Route.LoaderArgs) {
  await requireStaff(request);
  const params = readListParams(PROMOTION_LIST, readSearchParams(request));
  const [page, options] = await Promise.all([listPromotions({ params }), productFormOptions()]);
  return { params, ...page, categories: options.categories };
}

const INTENTS = new Set(["create", "update", "activate", "deactivate", "delete"]);

export async function action({ request }: Route.ActionArgs) {
  const actor = await requireStaff(request);
  const formData = await readForm(request);
  const intent = String(formData.get("intent") ?? "");
  const id = parseDbId(formData.get("id"));
  if (!INTENTS.has(intent) || (intent !== "create" && id === null)) {
    return refused(400, { title: "Error", description: "Unknown request." }, formData);
  }
  if (intent === "activate" || intent === "deactivate") {
    const active = intent === "activate";
    return attempt(formData, async () => {
      const { promotion } = await setPromotionActive({ id: id!, active, actor });
      return succeeded(
        active ? "Promotion Activated" : "Promotion Deactivated",
        availabilityNote(promotion),
      );
    });
  }
  if (intent === "delete") {
    return attempt(formData, async () => {
      const promotion = await deletePromotion({ id: id!, actor });
      return succeeded("Promotion Deleted", `${promotion.code} has been deleted.`);
    });
  }
  const parsed = parseForm(promotionSchema, formData);
  if (!parsed.ok) return invalid(parsed, formData);
  return attempt(formData, async () => {
    if (intent === "create") {
      const promotion = await createPromotion({ input: parsed.data, actor });
      return succeeded("Promotion Created", availabilityNote(promotion));
    }
    const { promotion, changed } = await updatePromotion({ id: id!, input: parsed.data, actor });
    return succeeded(
      "Promotion Updated",
      changed ? availabilityNote(promotion) : "Nothing had changed.",
    );
  });
}

export default function PromotionsPage({ loaderData: d }: Route.ComponentProps) {
  usePromotionRowToasts();
  return (
    <PromotionCategoriesContext value={d.categories}>
      <div className="space-y-6">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <div>
            <h1 className="text-2xl font-bold">Promotions</h1>
            <p className="text-muted-foreground">
              Codes shoppers type at checkout for a discount. A change counts from the next checkout
              on; orders already placed keep their discount.
            </p>
          </div>
          <CreatePromotionDialog />
        </div>
        <ListCard
          title="Promotions"
          noun="promotions"
          spec={PROMOTION_LIST}
          params={d.params}
          page={d}
          columns={PROMOTION_COLUMNS}
          rowKey={(p) => p.id}
          rowTestId="promotion-row"
          toolbar={{
            searchLabel: "Search promotions",
            placeholder: "Search by code or description...",
            statusOptions: statusChoices(PROMOTION_LIST.statuses),
            exportTo: "/admin/promotions/export",
          }}
          empty={
            <ListEmpty
              title="No promotions found"
              description={
                d.params.q || d.params.status !== "all"
                  ? "No promotion matches this search or filter."
                  : "Create your first promotion code for shoppers to use at checkout."
              }
            />
          }
        />
      </div>
    </PromotionCategoriesContext>
  );
}
