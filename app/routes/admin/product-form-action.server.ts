import type { SessionUser } from "~/domain/auth/roles";
import { createProduct, updateProduct } from "~/domain/catalog/save-product.server";
import { productFormSchema } from "~/domain/catalog/product-schemas";
import { attempt, invalid, succeeded } from "~/lib/actions.server";
import { parseDbId } from "~/lib/db-ids";
import { parseForm } from "~/lib/forms";

/** The pictures posted with the product form, each with its alt text (the title by default). */
function uploadsOf(formData: FormData) {
  return formData
    .getAll("images")
    .filter((v): v is File => typeof v !== "string" && v.size > 0)
    .map((file) => ({ file, alt: "" }));
}

/** The product form's action, for create (no id) or edit: reads the form, saves, answers. */
export async function saveProductFromForm(formData: FormData, actor: SessionUser, id?: number) {
  const parsed = parseForm(productFormSchema, formData);
  if (!parsed.ok) return invalid(parsed, formData);
  return attempt(formData, async () => {
    if (id === undefined) {
      await createProduct({ input: parsed.data, uploads: uploadsOf(formData), actor });
      return succeeded("Product Created", "New product has been successfully added.");
    }
    const removeImageIds = formData
      .getAll("removeImage")
      .map(parseDbId)
      .filter((id) => id !== null);
    await updateProduct({
      id,
      input: parsed.data,
      uploads: uploadsOf(formData),
      removeImageIds,
      actor,
    });
    return succeeded("Product Updated", "Product has been successfully updated.");
  });
}
